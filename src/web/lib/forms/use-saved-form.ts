import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { tell } from '@/lib/told';

/**
 * A settings form saved as one (an offer rule): typed as a draft, checked by its zod fields on Save only (a refusal
 * stays as the last Save said it, until the next Save), read back from the saved answer; `saved` until the next change
 * (spread `changed` into each field's register).
 */
export function useSavedForm<Draft extends FieldValues, Checked extends FieldValues, Answer>(settings: {
  fields: z.ZodType<Checked, Draft>;
  draft: Draft;
  draftOf: (answer: Answer) => Draft;
  save: { mutateAsync: (checked: Checked) => Promise<Answer> };
}) {
  const [saved, setSaved] = useState(false);
  const form = useForm<Draft, unknown, Checked>({
    resolver: zodResolver(settings.fields),
    defaultValues: settings.draft as DefaultValues<Draft>,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit((checked) =>
    tell(settings.save, checked, {
      onSuccess: (answer) => {
        form.reset(settings.draftOf(answer));
        setSaved(true);
      },
    }),
  );
  return { ...form, submit, saved, changed: { onChange: () => setSaved(false) } };
}
