import { useState } from 'preact/hooks';
import { ApiError, answered, client, rememberKey, type Schemas } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';

/** Reads who a key belongs to, without keeping it: a refused key never reaches sessionStorage. */
async function whoHolds(key: string): Promise<Schemas['User']> {
  try {
    return await answered(client.GET('/auth/user', { headers: { authorization: `Bearer ${key}` } }), false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      throw new ApiError(401, `This API key was not accepted (${error.message}). Check it and try again.`);
    throw error;
  }
}

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '').trim();

/**
 * Signing in: paste an API key ("API key", "Continue"), or e-mail and password, then the e-mailed code when the
 * organization enforces MFA. The key obtained lives in this tab's sessionStorage.
 */
export function SignIn({ onSignedIn }: { readonly onSignedIn: (user: Schemas['User']) => void }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const useKey = async (key: string) => {
    const user = await whoHolds(key);
    rememberKey(key);
    onSignedIn(user);
  };
  const withKey = (event: SubmitEvent) => {
    event.preventDefault();
    const key = field(event.currentTarget as HTMLFormElement, 'key');
    if (key) void attempt(() => useKey(key));
  };
  const withPassword = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const body = { email: field(form, 'email'), password: String(new FormData(form).get('password') ?? '') };
    void attempt(async () => {
      const answer = await answered(client.POST('/auth/signIn', { body }), false);
      if ('key' in answer) await useKey(answer.key);
      else setChallenge(answer.challengeId);
    });
  };
  const withCode = (event: SubmitEvent) => {
    event.preventDefault();
    const code = field(event.currentTarget as HTMLFormElement, 'code');
    if (!challenge) return;
    void attempt(async () => {
      const answer = await answered(client.POST('/auth/mfa/verify', { body: { challengeId: challenge, code } }), false);
      await useKey(answer.key);
    });
  };

  return (
    <main id="main" class="sign-in">
      <h1>Assay console</h1>
      <ErrorBanner error={error} />
      {challenge ? (
        <form onSubmit={withCode} aria-label="Verification code">
          <p>A 6-digit code was sent to your e-mail address.</p>
          <label for="mfa-code">Code from the e-mail</label>
          <input id="mfa-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <button type="submit" disabled={busy}>
            Verify
          </button>
        </form>
      ) : (
        <>
          <form onSubmit={withKey} aria-label="Sign in with an API key">
            <label for="api-key">API key</label>
            <input id="api-key" name="key" type="password" autoComplete="off" spellcheck={false} required />
            <button type="submit" disabled={busy}>
              Continue
            </button>
          </form>
          <form onSubmit={withPassword} aria-label="Sign in with e-mail and password">
            <label for="email">E-mail</label>
            <input id="email" name="email" type="email" autoComplete="username" required />
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
            <button type="submit" disabled={busy}>
              Sign in
            </button>
          </form>
        </>
      )}
    </main>
  );
}
