/**
 * What the seller is told when an action settles. Never given to `mutate`: TanStack Query drops a callback given to
 * `mutate` when its component goes (the answer took away the notice or the row whose button asked) and when another
 * press comes before the answer (only the last call's are run), and the seller is then told nothing. Either the
 * mutation takes it (`useMutation`, a hook's `told` argument), or `tell` sends one press with its own.
 */
export interface Told<Answer, Vars> {
  onSuccess?(answer: Answer, vars: Vars): void;
  onError?(error: Error, vars: Vars): void;
}

/**
 * One press of a mutation, told of its own answer whatever came after it: the component gone, or a second press. The
 * mutation's own state (`isPending`, `isError`) follows the last press as before; a failure nobody is told of is kept
 * out of the unhandled rejections (the mutation's state shows it).
 */
export function tell<Answer, Vars>(mutation: { mutateAsync(vars: Vars): Promise<Answer> }, vars: Vars, told: Told<Answer, Vars>): void {
  mutation.mutateAsync(vars).then(
    (answer) => told.onSuccess?.(answer, vars),
    (error: unknown) => told.onError?.(error instanceof Error ? error : new Error(String(error)), vars),
  );
}
