/**
 * What the seller is told when an action settles, given to the mutation itself (`useMutation`), never to `mutate`:
 * TanStack Query drops a callback given to `mutate` when its component goes (the answer took away the notice or the
 * row whose button asked) and when another press comes before the answer (only the last call's are run), and the
 * seller is then told nothing.
 */
export interface Told<Answer, Vars> {
  onSuccess?(answer: Answer, vars: Vars): void;
  onError?(error: Error, vars: Vars): void;
}
