/**
 * The one form hook of the auth forms (sign-in, sign-up, reset request, new password, the second
 * factor): field values, an error per field that clears when the field changes, focus on the
 * first invalid field after a refused submit, a pending flag, and the server's refusal as one
 * message for the form's alert.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

import { focusFirstInvalid } from '@/components/ui/focus';

import { serverErrorMessage } from '../lib/messages';
import { collectErrors, type FieldErrors } from '../lib/validation';

export type AuthFormOptions<F extends string> = {
  initial: Record<F, string>;
  /** Each field's error message, or undefined when it is fine (`lib/validation.ts`). */
  validate: (values: Record<F, string>) => Record<F, string | undefined>;
  /** Sends the valid values; what it throws becomes the form's alert. */
  submit: (values: Record<F, string>, form: { reset: () => void }) => Promise<void>;
  /** The alert's text for what `submit` threw (the server's message by default). */
  failureMessage?: (error: unknown) => string;
  /** How typed text is kept, per field (the code field keeps digits only). */
  normalize?: Partial<Record<F, (text: string) => string>>;
};

export type AuthFormField = {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

export function useAuthForm<F extends string>({ initial, validate, submit, failureMessage = serverErrorMessage, normalize }: AuthFormOptions<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState(0);

  useEffect(() => {
    if (refused > 0) focusFirstInvalid(formRef.current);
  }, [refused]);

  const field = (name: F): AuthFormField => ({
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const text = normalize?.[name]?.(event.target.value) ?? event.target.value;
      setValues((previous) => ({ ...previous, [name]: text }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<F>(validate(values));
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setRefused((count) => count + 1);
      return;
    }
    setPending(true);
    try {
      await submit(values, { reset: () => setValues(initial) });
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  };

  return { formRef, values, field, failure, pending, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}
