import { useEffect, useState } from 'preact/hooks';
import { answered, client, forgetKey, type Schemas, storedKey, whenKeyRefused } from './api.ts';
import { Layout, type NavItem } from './components/layout.tsx';
import { Loading } from './components/loading.tsx';
import { SCREENS, screenFor } from './routes.tsx';
import { BASE, type Place, usePlace } from './router.ts';
import { SignIn } from './screens/sign-in.tsx';

type Account =
  | { readonly state: 'checking' }
  | { readonly state: 'out' }
  | { readonly state: 'in'; user: Schemas['User'] };

const navigation = (place: Place): NavItem[] =>
  SCREENS.filter((screen) => screen.nav).map((screen) => ({
    label: screen.nav as string,
    href: `${BASE}${screen.path === '/' ? '' : screen.path}`,
    current: (screen.section ?? [screen.path]).some((prefix) =>
      prefix === '/' ? place.path === '/' : place.path === prefix || place.path.startsWith(`${prefix}/`),
    ),
  }));

/** The console: the sign-in form until a key is accepted, then the screen the address names. */
export function App() {
  const place = usePlace();
  const [account, setAccount] = useState<Account>(() => (storedKey() ? { state: 'checking' } : { state: 'out' }));

  const signOut = () => {
    forgetKey();
    setAccount({ state: 'out' });
  };
  useEffect(() => {
    whenKeyRefused(signOut);
    if (account.state !== 'checking') return;
    answered(client.GET('/auth/user')).then(
      (user) => setAccount({ state: 'in', user }),
      () => signOut(),
    );
  }, []);

  if (account.state === 'checking') return <Loading label="Signing in…" />;
  if (account.state === 'out') return <SignIn onSignedIn={(user) => setAccount({ state: 'in', user })} />;
  return (
    <Layout user={account.user} nav={navigation(place)} onSignOut={signOut}>
      {screenFor(place)}
    </Layout>
  );
}
