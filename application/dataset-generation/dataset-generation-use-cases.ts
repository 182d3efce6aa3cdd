import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { CancelGenerationJob } from './cancel-generation-job.ts';
import { GetGenerationJob } from './get-generation-job.ts';
import { ListGenerationJobs } from './list-generation-jobs.ts';
import { RunGenerationJobs } from './run-generation-jobs.ts';
import { StartGeneration } from './start-generation.ts';
import { UploadFile } from './upload-file.ts';

/** Generated datasets: knowledge files, the jobs that write test cases, and their worker. */
export function createDatasetGenerationUseCases(ports: Ports, settings: Settings) {
  return {
    uploadFile: new UploadFile(ports),
    startGeneration: new StartGeneration(ports, settings),
    getGenerationJob: new GetGenerationJob(ports),
    listGenerationJobs: new ListGenerationJobs(ports),
    cancelGenerationJob: new CancelGenerationJob(ports),
    runGenerationJobs: new RunGenerationJobs(ports, settings),
  };
}
