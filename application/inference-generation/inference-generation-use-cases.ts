import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { GenerateInferences } from './generate-inferences.ts';
import { LaunchInferenceGeneration } from './launch-inference-generation.ts';

/** Evaluating a version against its own endpoint: the launch, and the per-test-case job. */
export function createInferenceGenerationUseCases(ports: Ports, settings: Settings) {
  return {
    launchInferenceGeneration: new LaunchInferenceGeneration(ports),
    generateInferences: new GenerateInferences(ports, settings),
  };
}
