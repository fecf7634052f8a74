import { account, approve, expect, signIn, signUp, test } from '../support/fixtures';

test('a task in a new project is assigned to a group member, who completes it', async ({ newPage }) => {
  test.slow(); // two accounts in two browsers through the whole task life cycle
  const ada = account('Ada');
  const ben = account('Ben');
  const adaPage = await newPage();
  await signUp(adaPage, ada);
  await expect(adaPage).toHaveURL(/\/contacts$/);
  const benPage = await newPage();
  await signUp(benPage, ben);
  await approve(adaPage, ben);
  await signIn(benPage, ben);
  await expect(benPage).toHaveURL(/\/contacts$/);

  // Ben joins Ada's group.
  await adaPage.goto('/settings?section=group');
  await adaPage.getByLabel('Email').fill(ben.email);
  await adaPage.getByLabel('Name').fill('Ben');
  await adaPage.getByRole('button', { name: 'Add User' }).click();
  await benPage.goto('/settings?section=group');
  await benPage.getByTestId('pending-invitation').getByRole('button', { name: 'Approve' }).click();
  await benPage.getByRole('button', { name: 'Accept' }).click();
  await expect(benPage.getByTestId('group-member').filter({ hasText: ada.email })).toContainText('Approved');

  // Ada adds a task, creating its project inline and assigning it to Ben, who is not in the project yet.
  await adaPage.goto('/tasks');
  await expect(adaPage.getByText('No tasks yet')).toBeVisible();
  await adaPage.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = adaPage.getByRole('dialog', { name: 'Add New Task' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Prepare the launch deck');
  await expect(dialog.getByText('Title is required')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'New Project' }).click();
  await dialog.getByPlaceholder('New project name').fill('Launch');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adaPage.getByText('Project "Launch" added and selected')).toBeVisible();
  await dialog.getByLabel('Assign to').click();
  await adaPage.getByRole('option', { name: new RegExp(ben.email) }).click();
  await expect(dialog.getByTestId('assignee-joins-note')).toContainText(
    'is not a participant of Launch yet and will be added when you save',
  );
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(adaPage.getByText('Task created successfully')).toBeVisible();

  // Its project opens with the new task marked, and Ben now takes part in the project.
  const section = adaPage.getByTestId('project-section').filter({ hasText: 'Launch' });
  const deck = section.getByTestId('task-row').filter({ hasText: 'Prepare the launch deck' });
  await expect(deck).toHaveAttribute('data-highlighted', 'true');
  await expect(deck).toContainText(`→ ${ben.email}`);
  await section.getByRole('button', { name: 'Manage Participants' }).click();
  const participants = adaPage.getByRole('dialog', { name: 'Manage Project Participants' });
  await expect(participants.getByLabel(ben.email)).toBeChecked();
  await participants.getByRole('button', { name: 'Cancel' }).click();

  // Editing keeps the assignee.
  await deck.getByRole('button', { name: 'Edit Prepare the launch deck' }).click();
  const edit = adaPage.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Priority').click();
  await adaPage.getByRole('option', { name: 'High' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(adaPage.getByText('Task updated successfully')).toBeVisible();
  await expect(deck).toContainText(`→ ${ben.email}`);

  // A task scheduled for later stays in the list, marked as scheduled.
  await section.getByRole('button', { name: 'Add task to Launch' }).click();
  const later = adaPage.getByRole('dialog', { name: 'Add New Task' });
  await later.getByLabel('Title').fill('Send the launch mail');
  await later.getByLabel('Scheduled date').fill('2099-06-01T09:00');
  await later.getByLabel('Assign to').click();
  await adaPage.getByRole('option', { name: new RegExp(ben.email) }).click();
  await later.getByRole('button', { name: 'Create Task' }).click();
  // The first task's toast may still be showing: the row below is what proves this one was created.
  await expect(adaPage.getByText('Task created successfully').last()).toBeVisible();
  const scheduled = section.getByTestId('task-row').filter({ hasText: 'Send the launch mail' });
  await expect(scheduled).toBeVisible();
  await expect(scheduled.getByTestId('scheduled-badge')).toHaveText('Scheduled Jun 1, 09:00');

  // Ben is told at once, sees it under My Tasks, and completes it.
  await expect(benPage.getByTestId('unread-dot')).toBeVisible();
  await benPage.goto('/notifications');
  await expect(
    benPage.getByTestId('notification-item').filter({ hasText: 'Prepare the launch deck' }),
  ).toBeVisible();
  await benPage.goto('/tasks');
  await benPage.getByRole('button', { name: 'Show my tasks' }).click();
  await expect(benPage.getByRole('button', { name: 'Show all tasks' })).toBeVisible();
  await benPage.getByRole('button', { name: 'Expand All' }).click();
  const row = benPage.getByTestId('task-row').filter({ hasText: 'Prepare the launch deck' });
  await expect(row).toBeVisible();
  // As the assignee Ben cannot edit, but can set any status from the row's status menu.
  const mail = benPage.getByTestId('task-row').filter({ hasText: 'Send the launch mail' });
  await expect(mail.getByTestId('scheduled-badge')).toBeVisible();
  await expect(mail.getByRole('button', { name: 'Edit Send the launch mail' })).toHaveCount(0);
  await mail.getByRole('button', { name: 'Change status of Send the launch mail' }).click();
  await benPage.getByRole('menuitemcheckbox', { name: 'In progress' }).click();
  await expect(benPage.getByText('Task marked as in progress')).toBeVisible();
  await expect(mail).toContainText('In progress');
  await row.getByRole('button', { name: 'Mark Prepare the launch deck as completed' }).click();
  await expect(benPage.getByText('Task marked as completed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await benPage.getByRole('button', { name: 'Show done tasks' }).click();
  await expect(benPage.getByRole('button', { name: 'Hide done tasks' })).toBeVisible();
  await expect(benPage.getByTestId('task-row').filter({ hasText: 'Prepare the launch deck' })).toContainText(
    'Completed',
  );
});
