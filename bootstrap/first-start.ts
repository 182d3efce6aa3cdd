import type { UseCases } from '../application/use-cases.ts';
import type { Config } from './config.ts';

/** On an empty database, creates the platform admin and prints its key once, plainly, for the operator. */
export async function announceFirstStart(
  useCases: UseCases,
  config: Config,
  print: (line: string) => void,
): Promise<void> {
  const first = await useCases.ensurePlatformAdmin.execute({
    presetKey: config.ASSAY_ADMIN_API_KEY,
    email: config.ASSAY_ADMIN_EMAIL,
  });
  if (!first) return;
  if (config.ASSAY_ADMIN_API_KEY) {
    print(`Assay: created the platform admin ${first.user.email} with the API key preset in ASSAY_ADMIN_API_KEY.`);
    return;
  }
  print('');
  print('Assay: first start on an empty database. Created the platform organization and its ADMIN user.');
  print(`Your admin API key (shown only this once; store it now): ${first.key}`);
  print(`Try it:  curl -H "Authorization: Bearer ${first.key}" http://localhost:${config.PORT}/auth/user`);
  print('Issue more keys with POST /apiKeys or: npm run cli -- create-key --email <user e-mail> --name <name>');
  print('');
}
