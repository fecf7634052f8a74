import { randomUUID } from 'node:crypto';
import type { NewTask, Project, SearchResult, Task, TaskChanges, TaskStatus } from '@relate/contracts';
import type { Database } from '../../db/client';
import type { TrashRowsSelection } from '../../db/trash-rows';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound, pgErrorCode } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { toProjectDto, toProjectSearchResult, toTaskDto, toTaskSearchResult } from './tasks.mappers';
import type { TasksRepository, TaskValues, TaskWithNames } from './tasks.repository';

export const ASSIGNEE_RULE = 'Assign this specific task to a user. They must be a project participant.';

const nameKey = (name: string) => name.trim().toLowerCase();
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

export class TasksService {
  constructor(
    private readonly db: Database,
    private readonly repository: TasksRepository,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  // Projects

  async projects(user: AuthUser): Promise<Project[]> {
    const rows = await this.repository.visibleProjects(user.id);
    const participants = await this.repository.participantsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toProjectDto(
        row,
        user.id,
        participants.filter((p) => p.projectId === row.id).map((p) => p.email),
      ),
    );
  }

  /** The visible project of that name; the caller's own wins over one they take part in. */
  async findProject(user: AuthUser, name: string, db: Database = this.db) {
    const matches = (await this.repository.visibleProjects(user.id, db)).filter((row) =>
      sameName(row.name, name),
    );
    return matches.find((row) => row.ownerId === user.id) ?? matches[0];
  }

  async createProject(user: AuthUser, name: string): Promise<Project> {
    const existing = (await this.repository.visibleProjects(user.id)).find(
      (row) => row.ownerId === user.id && sameName(row.name, name),
    );
    if (existing) throw conflict(`A project named "${existing.name}" already exists`, 'PROJECT_EXISTS');
    try {
      const created = await this.repository.insertProject(user.id, name.trim());
      return (await this.projects(user)).find((project) => project.id === created.id)!;
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`A project named "${name.trim()}" already exists`, 'PROJECT_EXISTS');
      throw error;
    }
  }

  async participants(user: AuthUser, name: string): Promise<string[]> {
    const project = await this.findProject(user, name);
    if (!project) throw notFound('Project');
    return (await this.repository.participantsOf([project.id])).map((p) => p.email);
  }

  /**
   * Only the owner changes participants: the owner and approved members of their group. Someone who
   * leaves stops being the assignee of the project's open tasks.
   */
  async setParticipants(user: AuthUser, name: string, emails: string[]): Promise<void> {
    const project = await this.findProject(user, name);
    if (!project) throw notFound('Project');
    if (project.ownerId !== user.id) throw forbidden('Only the project owner can change its participants');
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
    const found = await this.users.findByEmails(wanted);
    const allowed = new Set([user.id, ...(await this.groups.approvedMemberIds(user.id))]);
    const outsiders = wanted.filter((email) => {
      const account = found.find((row) => row.email.toLowerCase() === email);
      return !account || !allowed.has(account.id);
    });
    if (outsiders.length > 0)
      throw fieldError(
        'participants',
        `Only you and approved members of your group can take part: ${outsiders.join(', ')}`,
      );
    const ids = [...new Set([user.id, ...found.map((row) => row.id)])];
    await this.db.transaction(async (tx) => {
      await this.repository.setParticipants(project.id, ids, tx);
      await this.repository.unassignOutside(project.id, ids, tx);
    });
  }

  /**
   * Two people stopped being in each other's group: each leaves the other's projects, and the tasks
   * they owned there pass to the project's owner (decision 26). Runs in the removal's transaction.
   */
  async groupMembershipEnded(first: number, second: number, tx: Database): Promise<void> {
    await this.repository.leaveProjectsOf(first, second, tx);
    await this.repository.leaveProjectsOf(second, first, tx);
  }

  /** A project's participants, or the caller and their approved group members without a project. */
  async assignableUsers(user: AuthUser, projectName?: string) {
    if (projectName) {
      const project = await this.findProject(user, projectName);
      if (!project) throw notFound('Project');
      return (await this.repository.participantsOf([project.id])).map((p) => ({
        id: p.userId,
        email: p.email,
        full_name: p.fullName,
      }));
    }
    const members = await this.users.findByIds([user.id, ...(await this.groups.approvedMemberIds(user.id))]);
    return members.map((row) => ({ id: row.id, email: row.email, full_name: row.fullName }));
  }

  // Tasks

  /**
   * The projects map. Where two visible projects share a name, the caller's own wins (else the oldest),
   * as when a name is looked up: the other one's tasks are left out rather than mixed into its section.
   */
  async list(
    user: AuthUser,
    query: {
      project?: string;
      status?: TaskStatus[];
      include_scheduled: boolean;
      due_from?: string;
      due_to?: string;
    },
  ) {
    const rows = await this.repository.visibleTasks(user.id, {
      statuses: query.status,
      scheduledUpTo: query.include_scheduled ? undefined : this.clock(),
      dueFrom: query.due_from ? new Date(query.due_from) : undefined,
      dueTo: query.due_to ? new Date(query.due_to) : undefined,
    });
    const byName = new Map<string, { id: number; name: string; own: boolean }>();
    for (const project of await this.repository.visibleProjects(user.id)) {
      const key = nameKey(project.name);
      const own = project.ownerId === user.id;
      if (!byName.has(key) || (own && !byName.get(key)?.own))
        byName.set(key, { id: project.id, name: project.name, own });
    }
    const map: Record<string, Task[]> = {};
    for (const project of byName.values())
      if (!query.project || sameName(project.name, query.project)) map[project.name] = [];
    for (const row of rows) {
      if (query.project && !sameName(row.projectName, query.project)) continue;
      // A task the caller owns in a project they have left still shows, under its project's name.
      const key = nameKey(row.projectName);
      const project = byName.get(key) ?? { id: row.projectId, name: row.projectName, own: false };
      byName.set(key, project);
      if (project.id !== row.projectId) continue;
      map[project.name] ??= [];
      map[project.name].push(this.toTask(user, row));
    }
    const sorted = Object.keys(map).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
    return Object.fromEntries(sorted.map((name) => [name, map[name]]));
  }

  /** The quick search's tasks and projects (Cmd+K): those the tasks list shows the user. */
  async search(user: AuthUser, text: string, limit: number): Promise<SearchResult[]> {
    const [tasks, projects] = await Promise.all([
      this.repository.searchTasks(user.id, text, limit),
      this.repository.searchProjects(user.id, text, limit),
    ]);
    return [...tasks.map(toTaskSearchResult), ...projects.map(toProjectSearchResult)];
  }

  async get(user: AuthUser, id: number): Promise<Task> {
    const row = await this.repository.visibleTask(user.id, id);
    if (!row) throw notFound('Task');
    return this.toTask(user, row);
  }

  openCount(user: AuthUser): Promise<number> {
    return this.repository.openCount(user.id);
  }

  async create(user: AuthUser, body: NewTask): Promise<Task> {
    const id = await this.db.transaction(async (tx) => {
      const project =
        (await this.findProject(user, body.project, tx)) ??
        (await this.repository.ownProjectNamed(user.id, body.project, tx));
      const assigneeId = await this.assigneeFor(project.id, body.assign_to ?? null, tx);
      const status = body.status ?? 'todo';
      const taskId = await this.repository.insertTask(
        {
          ownerId: user.id,
          projectId: project.id,
          title: body.title,
          description: body.description ?? null,
          status,
          priority: body.priority ?? 'medium',
          scheduledDate: toDate(body.scheduled_date),
          dueDate: toDate(body.due_date),
          assigneeId,
          completedAt: status === 'completed' ? this.clock() : null,
        },
        tx,
      );
      if (assigneeId && assigneeId !== user.id)
        await this.notifyAssignee(user, assigneeId, taskId, body.title, tx);
      return taskId;
    });
    return this.get(user, id);
  }

  /**
   * The task's owner and the project's owner change anything; its assignee only its status, and only
   * while they take part in the project (once removed they no longer see it); other participants only
   * read (403); anyone else does not see it (404).
   */
  async update(user: AuthUser, id: number, body: TaskChanges): Promise<Task> {
    await this.db.transaction(async (tx) => {
      const current = await this.repository.visibleTask(user.id, id, tx);
      if (!current) throw notFound('Task');
      const keys = Object.entries(body)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key);
      const statusOnly = keys.length === 1 && keys[0] === 'status';
      if (!this.canEdit(user, current) && !(statusOnly && current.assigneeId === user.id))
        throw forbidden(
          statusOnly
            ? 'Only the assignee or an owner can change this task'
            : 'Only the task owner or the project owner can edit this task',
        );

      const values: Partial<TaskValues> = {};
      let projectId = current.projectId;
      if (body.project !== undefined && !sameName(body.project, current.projectName)) {
        const project =
          (await this.findProject(user, body.project, tx)) ??
          (await this.repository.ownProjectNamed(user.id, body.project, tx));
        projectId = project.id;
        values.projectId = project.id;
      }
      if (body.title !== undefined) values.title = body.title;
      if (body.description !== undefined) values.description = body.description;
      if (body.priority !== undefined) values.priority = body.priority;
      if (body.scheduled_date !== undefined) values.scheduledDate = toDate(body.scheduled_date);
      if (body.due_date !== undefined) values.dueDate = toDate(body.due_date);
      if (body.status !== undefined && body.status !== current.status) {
        values.status = body.status;
        values.completedAt = body.status === 'completed' ? this.clock() : null;
      }
      let assigneeId = current.assigneeId;
      if (body.assign_to !== undefined || values.projectId !== undefined) {
        const email = body.assign_to !== undefined ? body.assign_to : current.assigneeEmail;
        assigneeId = await this.assigneeFor(projectId, email, tx);
        values.assigneeId = assigneeId;
      }
      if (Object.keys(values).length > 0 && !(await this.repository.updateTask(user.id, id, values, tx)))
        throw notFound('Task');
      if (assigneeId && assigneeId !== current.assigneeId && assigneeId !== user.id)
        await this.notifyAssignee(user, assigneeId, id, values.title ?? current.title, tx);
      if (values.status) await this.notifyOwnerOfStatus(user, current, values.status, tx);
    });
    return this.get(user, id);
  }

  /** Moves the task to the deleting user's Trash; answers the batch its Undo restores. */
  async delete(user: AuthUser, id: number): Promise<string> {
    const batch = randomUUID();
    await this.db.transaction(async (tx) => {
      const current = await this.repository.visibleTask(user.id, id, tx);
      if (!current) throw notFound('Task');
      if (!this.canEdit(user, current))
        throw forbidden('Only the task owner or the project owner can delete this task');
      if (!(await this.repository.trashTask(user.id, id, { batch, deletedAt: this.clock() }, tx)))
        throw notFound('Task');
    });
    return batch;
  }

  /**
   * Brings trashed tasks back with their ids (in the trash module's transaction); answers how many. A
   * task whose project was deleted meanwhile cannot come back (409).
   */
  async restore(userId: number, selection: TrashRowsSelection, tx: Database): Promise<number> {
    try {
      return (await this.repository.restoreFromTrash(userId, selection, tx)).length;
    } catch (error) {
      if (pgErrorCode(error) === '23503')
        throw conflict(
          'The project of this task was deleted, so the task cannot be restored',
          'TRASH_RESTORE_CONFLICT',
        );
      throw error;
    }
  }

  private canEdit(user: AuthUser, task: TaskWithNames) {
    return task.ownerId === user.id || task.projectOwnerId === user.id;
  }

  /** The assignee's account: one of the project's participants, else 400 naming assign_to. */
  private async assigneeFor(projectId: number, email: string | null, db: Database): Promise<number | null> {
    if (!email) return null;
    const participant = (await this.repository.participantsOf([projectId], db)).find(
      (p) => p.email.toLowerCase() === email.toLowerCase(),
    );
    if (!participant) throw fieldError('assign_to', ASSIGNEE_RULE);
    return participant.userId;
  }

  private notifyAssignee(from: AuthUser, assigneeId: number, taskId: number, title: string, tx: Database) {
    return this.notifications.notify(
      {
        userId: assigneeId,
        type: 'task_assigned',
        text: `${from.fullName || from.email} assigned you the task "${title}"`,
        subject: { type: 'task', id: taskId },
      },
      tx,
    );
  }

  /**
   * Someone else (its assignee) completed or reopened the owner's task: the owner hears of it, in the
   * app and through their bot, as an assignee hears of an assignment.
   */
  private async notifyOwnerOfStatus(by: AuthUser, task: TaskWithNames, status: TaskStatus, tx: Database) {
    if (task.ownerId === by.id) return;
    const reopened = task.status === 'completed' && (status === 'todo' || status === 'in_progress');
    const change = status === 'completed' ? 'completed' : reopened ? 'reopened' : null;
    if (!change) return;
    await this.notifications.notify(
      {
        userId: task.ownerId,
        type: 'other',
        text: `${by.fullName || by.email} ${change} the task "${task.title}"`,
        subject: { type: 'task', id: task.id },
      },
      tx,
    );
  }

  private toTask(user: AuthUser, row: TaskWithNames): Task {
    const canEdit = this.canEdit(user, row);
    const access = { canEdit, canChangeStatus: canEdit || row.assigneeId === user.id };
    return toTaskDto(row, access, this.clock());
  }
}

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
