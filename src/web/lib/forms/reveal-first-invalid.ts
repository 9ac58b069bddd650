/**
 * After a refused Save, brings the form's first field marked invalid into view, without focusing it (the forms keep
 * `shouldFocusError: false`: a focus opens the phone's keyboard over the message). A field's error is drawn on the
 * render after react-hook-form's invalid callback, so it is looked for a frame later.
 */
export function revealFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector('[aria-invalid="true"]')?.scrollIntoView?.({ block: 'center' }));
}
