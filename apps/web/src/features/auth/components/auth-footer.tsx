import { authPageMessages } from '@store/shared';
import type { ReactNode } from 'react';
import { ContactText } from '../../../components/ui/contact-text';
import { GoogleButton } from './google-button';

/** The identity provider's error, in red under the password field. */
export function ProviderError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="mt-2 text-sm text-error" role="alert" data-testid="provider-error">
      <ContactText text={message} />
    </p>
  );
}

/** The link to the other form, then 'Continue with google'. */
export function AuthFooter({
  link,
  onGoogleError,
  disabled,
  returnTo,
}: {
  link: ReactNode;
  onGoogleError: (error: unknown) => void;
  disabled: boolean;
  /** Where signing in with Google leads, when the page knows better than home. */
  returnTo?: string;
}) {
  return (
    <>
      <p className="text-center text-sm">{link}</p>
      <div className="divider my-0">{authPageMessages.or}</div>
      <GoogleButton onError={onGoogleError} disabled={disabled} returnTo={returnTo} />
    </>
  );
}
