import type { Locator, Page } from '@playwright/test';
import { expect, signUpViaApi } from './fixtures.js';

/** Helpers for driving the workflow editor as a user would. */

/** The CSRF token of the page's session, for API calls made on the user's behalf. */
export async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/session');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

export interface TestNode {
  id: string;
  label: string;
  type: string;
  x: number;
  y: number;
  config?: Record<string, unknown>;
}

export interface TestEdge {
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  type: string;
}

/** Creates a stored workflow through the API and returns its id. */
export async function createWorkflow(page: Page, name: string, nodes: TestNode[], edges: TestEdge[] = []) {
  const response = await page.request.post('/api/workflows', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      name,
      nodes: nodes.map((n) => ({ id: n.id, type: 'custom', position: { x: n.x, y: n.y }, data: { label: n.label, type: n.type, config: n.config ?? {} } })),
      edges: edges.map((e, i) => ({ id: `e${i}`, ...e, type: 'custom', data: { type: e.type } })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { workflow: { id: string } }).workflow.id;
}

/** The edges of a straight chain: each node's `output` to the next one's `input`, all carrying `type`. */
export function chain(ids: readonly string[], type = 'text'): TestEdge[] {
  return ids.slice(1).map((target, i) => ({ source: ids[i] as string, sourceHandle: 'output', target, targetHandle: 'input', type }));
}

/** A node on the canvas by its label. */
export function node(page: Page, label: string): Locator {
  return page.locator(`.react-flow__node:has([data-label="${label}"])`);
}

export function handle(page: Page, label: string, side: 'source' | 'target', id?: string): Locator {
  return node(page, label).locator(`.react-flow__handle.${side}${id ? `[data-handleid="${id}"]` : ''}`);
}

/** Unfolds the node library: a workflow with nodes opens with it folded to its rail (issue 22). */
export async function openLibrary(page: Page) {
  await page.getByRole('button', { name: 'Expand node library' }).click();
  await expect(page.getByRole('button', { name: 'Collapse node library' })).toBeVisible();
}

/** Drags a node type from the library onto the canvas at a point of the canvas. */
export async function dragFromLibrary(page: Page, type: string, x: number, y: number) {
  await page.locator(`[data-library-item="${type}"]`).dragTo(page.getByTestId('editor-canvas'), { targetPosition: { x, y } });
}

/** Drags a connection from one handle to another with the mouse, as a user does. */
export async function connect(page: Page, from: Locator, to: Locator, beforeDrop?: () => Promise<void>) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await beforeDrop?.();
  await page.mouse.up();
}

/** A node's position on the canvas, from React Flow's transform. */
export async function positionOf(locator: Locator): Promise<{ x: number; y: number }> {
  const transform = await locator.evaluate((el) => (el as HTMLElement).style.transform);
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  if (!match) throw new Error(`no position in "${transform}"`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

/**
 * How most editor specs begin: a new user signed up through the API, the window at
 * `viewport` when given, one stored workflow, and the editor open on it. Answers its id.
 */
export async function openNewWorkflow(
  page: Page,
  workflow: { name: string; nodes: TestNode[]; edges?: TestEdge[] },
  user: { displayName?: string; viewport?: { width: number; height: number } } = {},
): Promise<string> {
  await signUpViaApi(page, user.displayName ? { displayName: user.displayName } : {});
  if (user.viewport) await page.setViewportSize(user.viewport);
  const id = await createWorkflow(page, workflow.name, workflow.nodes, workflow.edges);
  await page.goto(`/workflow/${id}`);
  return id;
}
