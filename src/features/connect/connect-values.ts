/** What Connect's form holds, what it refuses before asking the API, and what it starts from. */
import { FORGET_AFTER_CHOICES, type ForgetAfter } from '../../api/connect/save-connection.ts';
import { normalizeHost } from '../../api/connect/typed-host.ts';
import { peekPendingCheck, type PendingCheck } from '../../api/connect/connect-with-key.ts';
import { errorDetail } from '../../components/feedback/error-text.ts';
import type { FormErrors } from '../../components/form/use-form.ts';

export interface ConnectValues {
  host: string;
  key: string;
  remember: boolean;
  forgetAfter: ForgetAfter;
}

/** A host that is not an address the console may call, and a missing key, each under its field. */
export function connectErrors({ host, key }: ConnectValues): FormErrors {
  const errors: FormErrors = {};
  try {
    normalizeHost(host);
  } catch (error) {
    errors.host = errorDetail(error);
  }
  if (!key.trim()) errors.key = 'Enter your personal API key.';
  return errors;
}

/** What the form starts from: a check that waited across the reload unlocking the policy (reloadToCheckElsewhere), else the connected host. */
export function startingPoint(connectedHost: string | undefined): { waiting: PendingCheck | null; values: ConnectValues } {
  const waiting = peekPendingCheck();
  const forgetAfter = FORGET_AFTER_CHOICES.find((choice) => choice.ms === waiting?.forgetAfterMs)?.value ?? 'never';
  return {
    waiting,
    values: { host: waiting?.host ?? connectedHost ?? '', key: waiting?.key ?? '', remember: waiting?.remember ?? false, forgetAfter },
  };
}
