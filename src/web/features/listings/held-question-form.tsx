import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { WritingQuestion } from '@shared/contracts/listings';
import { quickFixBody } from '@shared/contracts/publish';
import { Button } from '@/components/button';
import {
  AspectValueField,
  aspectQuestionWords,
  missingAspectMessage,
  type AskedAspect,
} from '@/entities/writing-questions/aspect-value-field';

export const heldQuestionWords = {
  kindFirst: 'Choose its category above, then Save and go on.',
  /** Above the held cards, which come first in "To generate" (decision 116). */
  heldCount: (n: number) => `${n} ${n === 1 ? 'needs' : 'need'} a size before writing`,
} as const;

/** The values the questions ask for, each aspect once. */
function askedAspects(questions: WritingQuestion[]): AskedAspect[] {
  const byName = new Map<string, AskedAspect>();
  for (const question of questions)
    if (question.aspect && !byName.has(question.aspect.name)) byName.set(question.aspect.name, question.aspect);
  return [...byName.values()];
}

/** The answers as the item's Quick Fix saves them (the contract's aspects, trimmed), each asked aspect answered. */
const answeredAspects = quickFixBody.shape.aspects.unwrap();

/**
 * The answers as typed, by aspect name (the form's one value: a name may hold a dot), read into what `onAnswer` gets;
 * the first aspect left without a value is said as its field asks for it ("Choose a Size").
 */
function answersFields(aspects: AskedAspect[]) {
  return z.object({ values: z.record(z.string(), z.string()) }).transform(({ values }, ctx) => {
    const unanswered = missingAspectMessage(aspects, values);
    if (unanswered) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: unanswered });
      return z.NEVER;
    }
    const read = answeredAspects.safeParse(Object.fromEntries(aspects.map((aspect) => [aspect.name, values[aspect.name] ?? ''])));
    if (read.success) return read.data;
    ctx.addIssue({ code: 'custom', path: ['values'], message: read.error.issues[0]!.message });
    return z.NEVER;
  });
}

/**
 * An item Generate held (decision 113): the marketplace's question in the review's words, with its values
 * to pick; the answer is saved and the listing written with it. "What it is" first is answered in the card's
 * category, above.
 */
export function HeldQuestionForm({
  sku,
  questions,
  busy,
  error,
  onAnswer,
}: {
  sku: string;
  questions: WritingQuestion[];
  busy: boolean;
  error: string | null;
  onAnswer(values: Record<string, string>): void;
}) {
  const id = useId();
  const aspects = askedAspects(questions);
  const { handleSubmit, setValue, watch, formState } = useForm({
    resolver: zodResolver(answersFields(aspects)),
    defaultValues: { values: {} },
    // The message stays as the last Save said it, until the next Save.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = watch('values');
  const kindFirst = questions.some((question) => question.code === 'category');
  // The answers are one value, so its error is the form's one message (typed as if it could be an answer's, by name).
  const refused = formState.errors.values?.message;
  const shownError = (typeof refused === 'string' ? refused : null) ?? error;
  const submit = handleSubmit((answers) => onAnswer(answers));
  return (
    <form
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200"
      aria-label={`Size question for ${sku}`}
      data-testid="held-question"
      onSubmit={(event) => void submit(event)}
    >
      <ul className="flex flex-col gap-0.5 text-sm text-amber-900" data-testid="held-reasons">
        {questions.map((question, index) => (
          <li key={`${question.channel}-${index}`}>{question.message}</li>
        ))}
        {kindFirst && aspects.length === 0 && <li>{heldQuestionWords.kindFirst}</li>}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        {aspects.map((aspect) => (
          <AspectValueField
            key={aspect.name}
            id={`${id}-${aspect.name}`}
            aspect={aspect}
            value={values[aspect.name] ?? ''}
            onChange={(value) => setValue('values', { ...values, [aspect.name]: value })}
          />
        ))}
        <Button
          type="submit"
          size="sm"
          loading={busy}
          className="h-11 w-full sm:h-10 sm:w-auto"
          aria-label={`${aspectQuestionWords.save}: ${sku}`}
        >
          {aspectQuestionWords.save}
        </Button>
      </div>
      {shownError && (
        <p role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      )}
    </form>
  );
}
