import { useState } from 'react';
import type { Money } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';

/**
 * A money field saved on its own (a MoneyField with `blurOnEnter`): its text, read in the seller's locale when the
 * field is left (`leave`) or an amount is tapped (`commit`); an amount other than the `saved` one is passed to `save`,
 * a text that is no amount to `refuse` with the reason. A text that could be two amounts waits: the field asks which.
 * `field` is what the MoneyField takes for it; each edit is told to `onEdit` (a message about the last save goes).
 */
export function useMoneySavedOnLeave({
  saved,
  currency,
  save,
  refuse,
  onEdit,
}: {
  saved: Money | null;
  currency: string;
  save(value: Money | null): void;
  refuse(message: string): void;
  onEdit(): void;
}) {
  const [text, setText] = useState(moneyInputText(saved));

  function commit(value: Money | null) {
    setText(moneyInputText(value));
    if (value?.amountMinor === saved?.amountMinor) return;
    save(value);
  }

  function leave() {
    const typed = readMoneyInput(text, currency);
    if (typed.ok) return commit(typed.value);
    if (!typed.ambiguous) refuse(typed.message);
  }

  const field = {
    value: text,
    blurOnEnter: true,
    onChange(next: string) {
      setText(next);
      onEdit();
    },
    onChoose: commit,
    onBlur: leave,
  };
  return { setText, field };
}
