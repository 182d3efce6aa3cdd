import type { Ports } from '../ports/ports.ts';
import { GenerateTestCase } from './generate-test-case.ts';
import { LaunchFromVersion } from './launch-from-version.ts';

/** Evaluating a version against its own endpoint: the launch, and the per-test-case job. */
export function createGenerationUseCases(ports: Ports) {
  return {
    launchFromVersion: new LaunchFromVersion(ports),
    generateTestCase: new GenerateTestCase(ports),
  };
}
