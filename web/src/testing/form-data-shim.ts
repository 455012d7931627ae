/**
 * jest-fixed-jsdom swaps jsdom's `FormData` for Node's (so MSW can read request bodies), but
 * Node's constructor rejects a `<form>` argument. React 19 calls `new FormData(form, submitter)`
 * when a submit handler calls `preventDefault()` and starts a transition (react-router's
 * `navigate` does), so every such form would throw under Jest. This subclass of Node's
 * `FormData` accepts a form (and submitter) and collects its entries the way a browser would,
 * for the controls our forms use. Browsers are untouched: only setup-tests.ts installs it.
 */
export function installFormDataShim(): void {
  const NodeFormData = globalThis.FormData;

  class FormDataWithForm extends NodeFormData {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const element of Array.from(form.elements)) {
        if (!(element instanceof HTMLElement)) continue;
        const control = element as HTMLInputElement;
        if (!control.name || control.disabled) continue;
        if (element instanceof HTMLButtonElement || ['submit', 'button', 'reset', 'image'].includes(control.type)) {
          if (element === submitter) this.append(control.name, control.value);
          continue;
        }
        if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
        if (element instanceof HTMLSelectElement) {
          for (const option of Array.from(element.selectedOptions)) this.append(element.name, option.value);
          continue;
        }
        if (control.type === 'file') continue;
        this.append(control.name, control.value);
      }
    }
  }

  globalThis.FormData = FormDataWithForm as typeof FormData;
}
