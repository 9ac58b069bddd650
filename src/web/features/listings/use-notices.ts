import { useCallback, useRef, useState } from 'react';

export interface Notice {
  id: number;
  tone: 'success' | 'error' | 'info';
  text: string;
}

const SUCCESS_MS = 6000;

/** The screen's alerts (spec §8 texts): errors stay until dismissed, successes fade after a few seconds. */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback(
    (tone: Notice['tone'], text: string) => {
      const id = next.current++;
      setNotices((list) => [...list.filter((n) => n.text !== text), { id, tone, text }].slice(-4));
      if (tone !== 'error') setTimeout(() => dismiss(id), SUCCESS_MS);
    },
    [dismiss],
  );
  return { notices, notify, dismiss };
}
