import { expect, signUpViaApi, test, uniqueEmail } from '../support/fixtures.js';
import { shootThemes } from '../support/screenshots.js';

/**
 * Teams as two people meet them (issue 25): an owner creates a team workspace in Settings
 * and invites a colleague by e-mail; the colleague signs up, opens the link from the mail
 * (read from the SMTP peer), accepts, and finds themselves listed with the role given, and
 * the top bar's workspace switcher appears; leaving takes it away again. Screenshots: .test-output/screenshots/workspaces-*.
 */
test('workspaces: invite by e-mail, accept as the invited account, see the member listed', async ({ page, smtp }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signUpViaApi(page, { displayName: 'Olga Owner' });
  await page.goto('/settings#workspaces');
  const section = page.locator('section#workspaces');
  await expect(section.getByRole('list', { name: 'Your workspaces' })).toContainText('Personal workspace');
  await section.getByLabel('New team workspace').fill('Research');
  await section.getByRole('button', { name: 'Create workspace' }).click();
  const members = section.getByRole('region', { name: 'Members of Research' });
  await expect(members.getByRole('list', { name: 'Members' })).toContainText('Olga Owner');

  const invitee = uniqueEmail('invitee');
  await members.getByLabel('Invite by e-mail').fill(invitee);
  await members.getByLabel('Role', { exact: true }).selectOption('viewer');
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(members.getByRole('list', { name: 'Pending invitations' })).toContainText(invitee);
  // The toasts would cover the list in the picture.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await section.scrollIntoViewIfNeeded();
  await shootThemes(page, 'workspaces-settings', { target: section });

  const mail = await smtp.waitForMail(invitee);
  const link = /https?:\/\/\S+\/invitations\/accept\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();

  // The colleague, in the same browser after the owner leaves it.
  await page.context().clearCookies();
  await signUpViaApi(page, { email: invitee, displayName: 'Vic Viewer' });
  const { pathname, search } = new URL(link as string);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Join Research' })).toBeVisible();
  await expect(page.getByText(`${owner.email} invited ${invitee} to this workspace as viewer.`)).toBeVisible();
  await shootThemes(page, 'workspaces-accept');
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  await expect(page).toHaveURL(/\/settings#workspaces$/);
  await expect(page.getByText('You joined Research as viewer')).toBeVisible();
  const list = page.locator('section#workspaces').getByRole('region', { name: 'Members of Research' }).getByRole('list', { name: 'Members' });
  await expect(list).toContainText('Olga Owner');
  await expect(list).toContainText('Vic Viewer');
  await expect(list.getByText('Viewer', { exact: true })).toBeVisible();
  // A viewer manages nobody: no invite form, no role menus.
  await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(list.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByTestId('workspace-switcher')).toBeVisible();
  await shootThemes(page, 'workspaces-joined');
  await expect(page.getByTestId('workspace-switcher').locator('option')).toHaveText(['Personal', 'Research']);

  // The link worked once.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();

  // Leaving ends the membership; with one workspace left, the switcher goes away.
  await page.goto('/settings#workspaces');
  await page.locator('section#workspaces').getByRole('button', { name: 'Leave', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave workspace' }).click();
  await expect(page.getByText('You left Research')).toBeVisible();
  await expect(page.locator('section#workspaces').getByRole('list', { name: 'Your workspaces' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('workspace-switcher')).toHaveCount(0);
});
