// @ts-check
/**
 * The prompt for the API secret: a modal dialog that stays until something is entered, showing why it asks
 * (the service's answer to the last secret).
 */

/**
 * @param {HTMLDialogElement} dialog
 * @returns {(reason: string) => Promise<string>}
 */
export function secretPrompt(dialog) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  const input = /** @type {HTMLInputElement} */ (dialog.querySelector('input[type=password]'));
  const reasonLine = /** @type {HTMLElement} */ (dialog.querySelector('#secret-reason'));
  // it cannot be dismissed: every call waits for a secret
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  return (reason) =>
    new Promise((resolve) => {
      reasonLine.textContent = reason;
      reasonLine.hidden = reason === '';
      input.value = '';
      /** @param {SubmitEvent} event */
      const submitted = (event) => {
        event.preventDefault();
        if (input.value === '') return;
        form.removeEventListener('submit', submitted);
        dialog.close();
        resolve(input.value);
      };
      form.addEventListener('submit', submitted);
      if (!dialog.open) dialog.showModal();
      input.focus();
    });
}
