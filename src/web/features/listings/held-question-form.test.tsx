import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WritingQuestion } from '@shared/contracts/listings';
import { HeldQuestionForm, heldQuestionWords } from './held-question-form';

afterEach(cleanup);

const sku = 'PSTFSH-007';
const sizeQuestion: WritingQuestion = {
  code: 'value',
  channel: 'ebay',
  message: 'eBay needs a standard size for Jeans: pick one ("W32 L30 slim" is not one of eBay\'s)',
  aspect: { name: 'Size', allowedValues: ['30x30', '32x30', '34x32'] },
};
/** An aspect eBay lists no values of, its name with a dot in it. */
const sleeveQuestion: WritingQuestion = {
  code: 'value',
  channel: 'ebay',
  message: 'eBay needs the sleeve length',
  aspect: { name: 'Sleeve Length (in.)', allowedValues: [] },
};

function renderForm(questions: WritingQuestion[], props: { error?: string | null; busy?: boolean } = {}) {
  const onAnswer = vi.fn();
  render(<HeldQuestionForm sku={sku} questions={questions} busy={props.busy ?? false} error={props.error ?? null} onAnswer={onAnswer} />);
  const form = screen.getByRole('form', { name: `Size question for ${sku}` });
  const save = within(form).getByRole('button', { name: `Save and go on: ${sku}` });
  return { form, save, onAnswer };
}

describe('HeldQuestionForm', () => {
  it('asks for a pick, keeps the message until the next Save, then answers with the pick', async () => {
    const { form, save, onAnswer } = renderForm([sizeQuestion]);
    expect(within(form).getByTestId('held-reasons').textContent).toBe(sizeQuestion.message);
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose a Size');
    expect(onAnswer).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Size'), { target: { value: '32x30' } });
    expect(within(form).getByRole('alert').textContent).toBe('Choose a Size');
    fireEvent.click(save);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ Size: '32x30' }));
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('asks for every value, the first missing one said, and sends typed values trimmed under their names', async () => {
    const { form, save, onAnswer } = renderForm([sizeQuestion, sleeveQuestion]);
    fireEvent.change(within(form).getByLabelText('Size'), { target: { value: '30x30' } });
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('Type a Sleeve Length (in.)');
    fireEvent.change(within(form).getByLabelText('Sleeve Length (in.)'), { target: { value: '  25  ' } });
    fireEvent.click(save);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ Size: '30x30', 'Sleeve Length (in.)': '25' }));
  });

  it('refuses a value longer than the Quick Fix takes, in its words, without answering', async () => {
    const { form, save, onAnswer } = renderForm([sleeveQuestion]);
    fireEvent.change(within(form).getByLabelText('Sleeve Length (in.)'), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('An aspect value is at most 50 characters');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("says the save's own failure, unless an answer is missing", async () => {
    const { form, save } = renderForm([sizeQuestion], { error: 'The answer could not be saved' });
    expect(within(form).getByRole('alert').textContent).toBe('The answer could not be saved');
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Choose a Size'));
  });

  it('with only "what it is" asked, says to choose the category and goes on with no values', async () => {
    const { form, save, onAnswer } = renderForm([{ code: 'category', channel: 'ebay', message: 'eBay needs to know what it is' }]);
    expect(within(form).getByTestId('held-reasons').textContent).toBe(`eBay needs to know what it is${heldQuestionWords.kindFirst}`);
    fireEvent.click(save);
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({}));
  });
});
