import { SECRET_NAME_MAX } from '@weft/core';
import { type FormEvent, useRef, useState } from 'react';
import type { useSecrets } from '../../../api/useSecrets';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { SecretValueField } from './SecretValueField';
import { secretNameError, secretValueError } from './secret-rules';

export interface AddSecretFormProps {
  create: ReturnType<typeof useSecrets>['create'];
  /** The user's secret names, for the "already have one" check. */
  takenNames: readonly string[];
}

/** Name + value. The name rule is checked as it is typed; the value field never shows what was typed. */
export function AddSecretForm({ create, takenNames }: AddSecretFormProps) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);

  // A half-typed name is judged at once (the rule is about characters); emptiness only on submit.
  const nameError = name !== '' || submitted ? secretNameError(name, takenNames) : null;
  const valueError = value !== '' || submitted ? secretValueError(value) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const badName = secretNameError(name, takenNames);
    if (badName || secretValueError(value)) {
      (badName ? nameRef : valueRef).current?.focus();
      return;
    }
    create.mutate(
      { name, value },
      {
        onSuccess: () => {
          setName('');
          setValue('');
          setSubmitted(false);
          nameRef.current?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a secret" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
      <TextField
        ref={nameRef}
        label="Secret name"
        name="secretName"
        placeholder="OPENAI_API_KEY"
        maxLength={SECRET_NAME_MAX}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={nameError}
      />
      <SecretValueField ref={valueRef} label="Secret value" placeholder="Paste the key or password" value={value} onValue={setValue} error={valueError} />
      <Button type="submit" loading={create.isPending} className="sm:mt-[1.625rem]">
        {!create.isPending && <PlusIcon size={15} />}
        Add secret
      </Button>
    </form>
  );
}
