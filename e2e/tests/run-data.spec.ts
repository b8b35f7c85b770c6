import type { Page } from '@playwright/test';
import { chain, node, openNewWorkflow } from '../support/editor.js';
import { expect, test } from '../support/fixtures.js';
import { runToEnd } from '../support/runs.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * How much a successful run keeps (issue 12): chosen in the Workflow settings dialog, saved
 * with the workflow, and a run that kept only its summary opened from the history says
 * "not kept" in the inspector and the log instead of showing empty panes.
 */

const NOT_KEPT = 'Not kept (this workflow keeps only the summary of successful runs)';

const shoot = (page: Page, name: string) => shootThemes(page, `run-data-${name}`);

/** Presses Run and waits, through the API, for that run's end, which must be a success; answers its id. */
async function runToSuccess(page: Page): Promise<string> {
  const run = await runToEnd(page);
  expect(run.status).toBe('success');
  return run.id;
}

/**
 * Opens a run from the toolbar's history as someone coming back later would: after a
 * reload, so it is the stored run (choosing the run still live on screen shows that).
 */
async function openFromHistory(page: Page, executionId: string) {
  await page.reload();
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');
  await page.getByTestId('run-history-button').click();
  await page.locator(`[data-testid="history-item"][data-execution-id="${executionId}"]`).click();
  await expect(page.getByTestId('run-banner')).toHaveAttribute('data-execution-id', executionId);
}

/**
 * From the run on screen back to the workflow, chooses what successful runs keep in
 * Workflow settings, runs it and opens that run from the history; answers its id.
 */
async function keepThenRun(page: Page, choice: string): Promise<string> {
  await page.getByTestId('run-banner-back').click();
  await page.getByRole('button', { name: 'Workflow', exact: true }).click();
  await page.getByTestId('workflow-settings-button').click();
  const dialog = page.getByRole('dialog', { name: 'Workflow settings' });
  await dialog.getByLabel(choice).check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const id = await runToSuccess(page);
  await openFromHistory(page, id);
  return id;
}

test('a workflow that keeps only the summary, then outputs, then everything', async ({ page }) => {
  test.setTimeout(90_000);
  const workflowId = await openNewWorkflow(
    page,
    {
      name: 'Greeting',
      nodes: [
        { id: 'in', label: 'Name', type: 'input.text', x: 0, y: 120, config: { text: 'Ada' } },
        { id: 't', label: 'Greet', type: 'text.template', x: 340, y: 120, config: { template: 'Hello, {{input}}!' } },
        { id: 'out', label: 'Answer', type: 'output', x: 680, y: 120 },
      ],
      edges: chain(['in', 't', 'out']),
    },
    { displayName: 'Kim Keeps', viewport: { width: 1600, height: 1000 } },
  );
  await expect(node(page, 'Greet')).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

  // The keyboard opens Workflow settings; a choice is an edit like any other.
  await page.getByTestId('editor-canvas').click({ position: { x: 900, y: 500 } });
  await page.keyboard.press('Control+Comma');
  const dialog = page.getByRole('dialog', { name: 'Workflow settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Server default')).toBeChecked();
  await expect(dialog).toContainText('Failed and cancelled runs always keep everything');
  await dialog.getByLabel('Just the summary (status and timing)').check();
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  await expect(dialog).toContainText('Applies to runs after the workflow is saved.');
  await shoot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Undo takes the choice back, redo brings it again.
  await page.keyboard.press('Control+z');
  await page.getByRole('button', { name: 'Workflow', exact: true }).click();
  await page.getByTestId('workflow-settings-button').click();
  await expect(dialog.getByLabel('Server default')).toBeChecked();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+z');
  await page.getByRole('button', { name: 'Workflow', exact: true }).click();
  await page.getByTestId('workflow-settings-button').click();
  await expect(dialog.getByLabel('Just the summary (status and timing)')).toBeChecked();
  await page.keyboard.press('Escape');

  // Run saves first: the setting is stored with the workflow.
  const summaryRun = await runToSuccess(page);
  const stored = (await (await page.request.get(`/api/workflows/${workflowId}`)).json()) as { workflow: { settings?: unknown } };
  expect(stored.workflow.settings).toEqual({ successfulRunData: 'summary' });

  // Opened from the history, the run shows its summary and says the node data was not kept.
  await openFromHistory(page, summaryRun);
  await expect(page.getByTestId('run-banner-kept')).toHaveText('Summary only');
  await expect(page.getByTestId('logs-area')).toContainText('Run succeeded');
  await expect(page.getByTestId('logs-area')).toContainText('Node details: not kept (this workflow keeps only the summary of successful runs)');
  await node(page, 'Greet').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByTestId('inspector-not-kept')).toContainText(NOT_KEPT);
  await expect(inspector).toContainText('Change this in Workflow settings.');
  await expect(inspector.getByTestId('inspector-output')).toHaveCount(0);
  await page.getByTestId('run-history-button').click();
  await expect(page.locator(`[data-testid="history-item"][data-execution-id="${summaryRun}"]`).getByTestId('kept-mark')).toHaveText('Summary only');
  await page.keyboard.press('Escape');
  await shoot(page, 'summary-run');

  // Outputs only: each node's status and timing stay, its values and logs do not.
  await keepThenRun(page, 'Outputs only');
  await expect(page.getByTestId('run-banner-kept')).toHaveText('Outputs only');
  await expect(node(page, 'Greet')).toContainText('Done');
  await node(page, 'Greet').click();
  await expect(inspector).toContainText('Done');
  await expect(inspector.getByText('Not kept (this workflow keeps only the final outputs of successful runs)')).toHaveCount(2);
  await expect(inspector.getByTestId('inspector-kept-hint')).toContainText('Node log messages were not kept, only start and finish times.');
  await expect(page.getByTestId('logs-area')).toContainText('Greet: Finished in');
  await shoot(page, 'outputs-run');

  // Back to everything from the toolbar: the next run's node values are there when reopened.
  await keepThenRun(page, 'Everything (inputs, outputs and logs of every node)');
  await expect(page.getByTestId('run-banner-kept')).toHaveCount(0);
  await node(page, 'Greet').click();
  await expect(inspector.getByTestId('inspector-output')).toContainText('Hello, Ada!');
  await expect(inspector.getByTestId('inspector-input')).toContainText('Ada');
  await expect(inspector.getByTestId('inspector-not-kept')).toHaveCount(0);
  await expect(page.getByTestId('logs-area')).not.toContainText('not kept');
  await shoot(page, 'full-run');

  // The Executions tab marks the run that kept only its summary, and only that one.
  await page.goto(`/dashboard/executions?workflowId=${workflowId}`);
  const rows = page.getByTestId('execution-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('kept-mark')).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('kept-mark')).toHaveCount(0);
  await expect(rows.nth(1).getByTestId('kept-mark')).toHaveText('Outputs only');
  await expect(rows.nth(2).getByTestId('kept-mark')).toHaveText('Summary only');
  await shoot(page, 'executions');
});
