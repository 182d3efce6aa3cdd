import type { IssueCollector } from '../errors.ts';

/** Caller voice of phone evaluations; stored only, ignored by text evaluations. */
export const GENDERS = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];

/** Background noise mixed under the caller: clip-backed (office, street, car) or synthetic (white, pink). */
export const NOISE_PROFILES = ['office', 'street', 'car', 'white', 'pink'] as const;
export type NoiseProfile = (typeof NOISE_PROFILES)[number];
export const NOISE_LEVELS = ['light', 'medium', 'heavy'] as const;
export type NoiseLevel = (typeof NOISE_LEVELS)[number];

interface Voice {
  readonly gender: string | null;
  readonly backgroundNoiseProfile: string | null;
  readonly backgroundNoiseLevel: string | null;
}

/** Enumerated values, and noise profile and level set together (both null means no noise). */
export function checkVoice(issues: IssueCollector, voice: Voice, prefix = ''): void {
  const { gender, backgroundNoiseProfile: profile, backgroundNoiseLevel: level } = voice;
  if (gender !== null)
    issues.check(
      (GENDERS as readonly string[]).includes(gender),
      `${prefix}gender`,
      `must be one of ${GENDERS.join(', ')}`,
    );
  if (profile !== null) {
    issues.check(
      (NOISE_PROFILES as readonly string[]).includes(profile),
      `${prefix}backgroundNoiseProfile`,
      `must be one of ${NOISE_PROFILES.join(', ')}`,
    );
  }
  if (level !== null)
    issues.check(
      (NOISE_LEVELS as readonly string[]).includes(level),
      `${prefix}backgroundNoiseLevel`,
      `must be one of ${NOISE_LEVELS.join(', ')}`,
    );
  if ((profile === null) !== (level === null)) {
    const missing = profile === null ? 'backgroundNoiseProfile' : 'backgroundNoiseLevel';
    issues.add(
      `${prefix}${missing}`,
      'backgroundNoiseProfile and backgroundNoiseLevel are set together (both null turns noise off)',
    );
  }
}
