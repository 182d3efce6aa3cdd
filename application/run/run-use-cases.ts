import type { Ports } from '../ports/ports.ts';
import { CancelLaunch } from './cancel-launch.ts';
import { CloseRun } from './close-run.ts';
import { CreateRun } from './create-run.ts';
import { DeleteRun } from './delete-run.ts';
import { GetMetricSummary } from './get-metric-summary.ts';
import { GetRun } from './get-run.ts';
import { ListRuns } from './list-runs.ts';
import { RelaunchRun } from './relaunch-run.ts';
import { RunLaunches } from './run-launches.ts';
import { SettleOpenLaunches } from '../launch/settle-open-launches.ts';

/** Runs and launches: the routes' use cases, the launch worker's job and the settlement workers run at start-up. */
export function createRunUseCases(ports: Ports) {
  return {
    createRun: new CreateRun(ports),
    listRuns: new ListRuns(ports),
    getRun: new GetRun(ports),
    closeRun: new CloseRun(ports),
    cancelLaunch: new CancelLaunch(ports),
    relaunchRun: new RelaunchRun(ports),
    deleteRun: new DeleteRun(ports),
    getMetricSummary: new GetMetricSummary(ports),
    runLaunches: new RunLaunches(ports),
    settleOpenLaunches: new SettleOpenLaunches(ports),
  };
}
