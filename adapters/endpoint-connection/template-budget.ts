import { Context, type Liquid, type Template } from 'liquidjs';
import type { TurnVariables } from '../../domain/endpoint-connection/product-turn.ts';

/**
 * What one render of a request template may cost. `steps` counts the template nodes rendered (liquidjs checks its
 * render limit before each node and each loop iteration): a count, so the bound holds on a busy machine, and a few
 * milliseconds of work. `renderMs` is only a wall-clock backstop, set wide so a loaded machine never fails a sound
 * template with it; `memory` the characters ranges and filters may allocate; `output` the rendered body's length.
 */
export const TEMPLATE_BUDGET = { steps: 10_000, renderMs: 1_000, memory: 2_000_000, output: 1_000_000 } as const;

/** A render stopped by its budget; the message says which. */
export class TemplateOverBudget extends Error {}

/** Stands for liquidjs's render limiter: counts its checks as well as watching the clock. */
class RenderBudget {
  private checks = 0;
  private readonly deadline = performance.now() + TEMPLATE_BUDGET.renderMs;

  use(): void {}

  check(now: number): void {
    if (++this.checks > TEMPLATE_BUDGET.steps)
      throw new TemplateOverBudget(`rendering takes more than the template budget of ${TEMPLATE_BUDGET.steps} steps`);
    if (now > this.deadline)
      throw new TemplateOverBudget(`rendering took more than the template budget of ${TEMPLATE_BUDGET.renderMs} ms`);
  }
}

/** liquidjs's limit errors (wrapped in its own as they rise) read as the budget they broke; null for any other. */
export function templateOverBudget(error: unknown): TemplateOverBudget | null {
  const original = (error as { originalError?: unknown } | null)?.originalError;
  if (error instanceof TemplateOverBudget) return error;
  if (original instanceof TemplateOverBudget) return original;
  const message = error instanceof Error ? error.message : '';
  if (message.includes('memory alloc limit exceeded'))
    return new TemplateOverBudget(
      `rendering allocates more than the template budget of ${TEMPLATE_BUDGET.memory} characters`,
    );
  return null;
}

/** Renders a parsed template within the budget; throws `TemplateOverBudget` when it would go over. */
export function renderWithinBudget(
  liquid: Liquid,
  template: Template[],
  variables: Readonly<Record<string, unknown>>,
): string {
  const context = new Context(variables, liquid.options, { sync: true }, {
    liquid,
    renderLimit: new RenderBudget(),
  } as never);
  let rendered: string;
  try {
    rendered = liquid.renderSync(template, context);
  } catch (error) {
    throw templateOverBudget(error) ?? error;
  }
  if (rendered.length > TEMPLATE_BUDGET.output)
    throw new TemplateOverBudget(`the template renders more than ${TEMPLATE_BUDGET.output} characters`);
  return rendered;
}

/** The variables a template is tried with when saved: a short first turn. */
export const TRIAL_VARIABLES: TurnVariables = {
  input: { user_message: 'Hello' },
  testCase: null,
  session: null,
  productSessionId: null,
  turn: 1,
  history: [],
};
