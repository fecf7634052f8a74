import type { TaskStatus } from '@relate/contracts';
import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projectParticipants, projects, tasks, users } from '../../db/schema';
import { quickSearchRanks } from '../../db/text-search';
import { moveRowsToTrash, restoreRowsFromTrash, type TrashRowsSelection } from '../../db/trash-rows';

export type ProjectRow = typeof projects.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface TaskWithNames extends TaskRow {
  projectName: string;
  projectOwnerId: number;
  ownerEmail: string;
  assigneeEmail: string | null;
}

const OPEN = sql`${tasks.status} in ('todo', 'in_progress')`;

/** A task or project as the quick search (Cmd+K) shows it, with how well it matched. */
export interface TaskSearchRow {
  id: number;
  title: string;
  projectName: string;
  status: TaskStatus;
  dueDate: Date | null;
  rank: number;
}
export type ProjectSearchRow = Pick<ProjectRow, 'id' | 'name'> & { rank: number };

/** Which of the visible tasks to read. */
export interface TaskFilter {
  id?: number;
  statuses?: TaskStatus[];
  /** Leaves out tasks scheduled after this moment. */
  scheduledUpTo?: Date;
  /** Only tasks due in [from, to). */
  dueFrom?: Date;
  dueTo?: Date;
}

/** Projects the user owns or takes part in. */
const visibleProjectIds = (userId: number) =>
  sql`(select ${projects.id} from ${projects} where ${projects.ownerId} = ${userId}
       union select ${projectParticipants.projectId} from ${projectParticipants} where ${projectParticipants.userId} = ${userId})`;

/** Tasks the user owns, and the tasks of projects they own or take part in. */
const visibleTaskOf = (userId: number) =>
  or(eq(tasks.ownerId, userId), sql`${tasks.projectId} in ${visibleProjectIds(userId)}`)!;

const assignee = sql`(select ${users.email} from ${users} where ${users.id} = ${tasks.assigneeId})`;
const ownerEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${tasks.ownerId})`;
const projectOwnedBy = (userId: number) =>
  sql`${tasks.projectId} in (select ${projects.id} from ${projects} where ${projects.ownerId} = ${userId})`;
/** The task's owner and its project's owner may change and delete it. */
const editableBy = (userId: number) => or(eq(tasks.ownerId, userId), projectOwnedBy(userId));

export class TasksRepository {
  constructor(private readonly db: Database) {}

  // Projects

  visibleProjects(userId: number, db: Database = this.db): Promise<(ProjectRow & { ownerEmail: string })[]> {
    return db
      .select({
        id: projects.id,
        ownerId: projects.ownerId,
        name: projects.name,
        createdAt: projects.createdAt,
        ownerEmail: users.email,
      })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.ownerId))
      .where(sql`${projects.id} in ${visibleProjectIds(userId)}`)
      .orderBy(sql`lower(${projects.name})`, projects.id);
  }

  async participantsOf(projectIds: number[], db: Database = this.db) {
    if (projectIds.length === 0) return [];
    return db
      .select({
        projectId: projectParticipants.projectId,
        userId: users.id,
        email: users.email,
        fullName: users.fullName,
      })
      .from(projectParticipants)
      .innerJoin(users, eq(users.id, projectParticipants.userId))
      .where(inArray(projectParticipants.projectId, projectIds))
      .orderBy(users.email);
  }

  /**
   * The owner's project of that name, created (with the owner as participant) if there is none. Two
   * requests creating the same new project at once both get it: the second insert waits for the first
   * to commit, does nothing, and the lookup after it sees the first one's row.
   */
  async ownProjectNamed(ownerId: number, name: string, db: Database): Promise<ProjectRow> {
    const [created] = await db.insert(projects).values({ ownerId, name }).onConflictDoNothing().returning();
    if (created) {
      await db.insert(projectParticipants).values({ projectId: created.id, userId: ownerId });
      return created;
    }
    const [existing] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.ownerId, ownerId), sql`lower(${projects.name}) = lower(${name})`));
    return existing;
  }

  async insertProject(ownerId: number, name: string, db: Database = this.db): Promise<ProjectRow> {
    const [row] = await db.insert(projects).values({ ownerId, name }).returning();
    await db.insert(projectParticipants).values({ projectId: row.id, userId: ownerId });
    return row;
  }

  async setParticipants(projectId: number, userIds: number[], db: Database): Promise<void> {
    await db.delete(projectParticipants).where(eq(projectParticipants.projectId, projectId));
    if (userIds.length > 0)
      await db.insert(projectParticipants).values(userIds.map((userId) => ({ projectId, userId })));
  }

  /** Open tasks of the project assigned to someone outside `keep` lose their assignee. */
  async unassignOutside(projectId: number, keep: number[], db: Database): Promise<void> {
    await db
      .update(tasks)
      .set({ assigneeId: null, updatedAt: new Date() })
      .where(
        and(
          eq(tasks.projectId, projectId),
          OPEN,
          sql`${tasks.assigneeId} is not null`,
          keep.length > 0 ? sql`not (${tasks.assigneeId} = any(${sql.param(keep)}::integer[]))` : undefined,
        ),
      );
  }

  /**
   * `userId` leaves every project of `ownerId`: no longer a participant, their tasks there pass to
   * the project's owner, and its open tasks assigned to them lose their assignee.
   */
  async leaveProjectsOf(ownerId: number, userId: number, db: Database): Promise<void> {
    const ownersProjects = sql`(select ${projects.id} from ${projects} where ${projects.ownerId} = ${ownerId})`;
    await db
      .delete(projectParticipants)
      .where(
        and(
          eq(projectParticipants.userId, userId),
          sql`${projectParticipants.projectId} in ${ownersProjects}`,
        ),
      );
    const now = new Date();
    await db
      .update(tasks)
      .set({ assigneeId: null, updatedAt: now })
      .where(and(eq(tasks.assigneeId, userId), OPEN, sql`${tasks.projectId} in ${ownersProjects}`));
    await db
      .update(tasks)
      .set({ ownerId, updatedAt: now })
      .where(and(eq(tasks.ownerId, userId), sql`${tasks.projectId} in ${ownersProjects}`));
  }

  /** Visible projects whose name holds `text`, best match first. */
  searchProjects(
    userId: number,
    text: string,
    limit: number,
    db: Database = this.db,
  ): Promise<ProjectSearchRow[]> {
    const name = sql`lower(${projects.name})`;
    const ranks = quickSearchRanks(
      {
        table: projects,
        id: projects.id,
        visible: sql`${projects.id} in ${visibleProjectIds(userId)}`,
        names: [name],
        fields: { text: name },
      },
      text,
      limit,
    );
    return db
      .select({ id: projects.id, name: projects.name, rank: sql<number>`ranks.rank`.mapWith(Number) })
      .from(projects)
      .innerJoin(sql`(${ranks}) as ranks`, sql`ranks.id = ${projects.id}`)
      .orderBy(sql`ranks.rank`, name, projects.id)
      .limit(limit);
  }

  // Tasks

  /** Visible tasks (as `visibleTasks` reads them) whose title holds `text`, best match first. */
  searchTasks(userId: number, text: string, limit: number, db: Database = this.db): Promise<TaskSearchRow[]> {
    const title = sql`lower(${tasks.title})`;
    const ranks = quickSearchRanks(
      { table: tasks, id: tasks.id, visible: visibleTaskOf(userId), names: [title], fields: { text: title } },
      text,
      limit,
    );
    return db
      .select({
        id: tasks.id,
        title: tasks.title,
        projectName: projects.name,
        status: tasks.status,
        dueDate: tasks.dueDate,
        rank: sql<number>`ranks.rank`.mapWith(Number),
      })
      .from(tasks)
      .innerJoin(sql`(${ranks}) as ranks`, sql`ranks.id = ${tasks.id}`)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .orderBy(sql`ranks.rank`, title, tasks.id)
      .limit(limit);
  }

  private selectTasks(db: Database) {
    return db
      .select({
        task: tasks,
        projectName: projects.name,
        projectOwnerId: projects.ownerId,
        ownerEmail: sql<string>`${ownerEmail}`,
        assigneeEmail: sql<string | null>`${assignee}`,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId));
  }

  /**
   * Tasks the user owns, and the tasks of projects they own or take part in. Being the assignee alone
   * is not enough: someone removed from a project no longer sees its tasks (a completed task keeps
   * them as its assignee), so they can no longer change them either.
   */
  async visibleTasks(
    userId: number,
    filter: TaskFilter = {},
    db: Database = this.db,
  ): Promise<TaskWithNames[]> {
    const rows = await this.selectTasks(db)
      .where(
        and(
          visibleTaskOf(userId),
          filter.id === undefined ? undefined : eq(tasks.id, filter.id),
          filter.statuses ? inArray(tasks.status, filter.statuses) : undefined,
          filter.scheduledUpTo
            ? or(isNull(tasks.scheduledDate), lte(tasks.scheduledDate, filter.scheduledUpTo))
            : undefined,
          filter.dueFrom ? gte(tasks.dueDate, filter.dueFrom) : undefined,
          filter.dueTo ? lt(tasks.dueDate, filter.dueTo) : undefined,
        ),
      )
      .orderBy(tasks.dueDate, tasks.id);
    return rows.map(({ task, ...names }) => ({ ...task, ...names }));
  }

  async visibleTask(userId: number, id: number, db: Database = this.db): Promise<TaskWithNames | undefined> {
    const [row] = await this.visibleTasks(userId, { id }, db);
    return row;
  }

  async insertTask(values: TaskValues, db: Database = this.db): Promise<number> {
    const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
    return row.id;
  }

  /**
   * Changes a task the user may edit: as its owner or its project's owner, or as its assignee while they
   * take part in the project (the service allows an assignee the status only). False when none matched.
   */
  async updateTask(
    userId: number,
    id: number,
    values: Partial<TaskValues>,
    db: Database = this.db,
  ): Promise<boolean> {
    const assigned = and(
      eq(tasks.assigneeId, userId),
      sql`${tasks.projectId} in ${visibleProjectIds(userId)}`,
    );
    const rows = await db
      .update(tasks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(tasks.id, id), or(editableBy(userId), assigned)))
      .returning({ id: tasks.id });
    return rows.length > 0;
  }

  /** Deletes a task the user owns or whose project they own; false when none matched. */
  /**
   * Moves a task the user may edit (theirs, or one in their project) to the user's Trash, in one
   * statement (decision 0050); false when there is none.
   */
  async trashTask(
    userId: number,
    id: number,
    trash: { batch: string; deletedAt: Date },
    db: Database = this.db,
  ): Promise<boolean> {
    const moved = await moveRowsToTrash(db, tasks, {
      userId,
      ids: [id],
      kind: 'task',
      label: sql`title`,
      scope: sql`(owner_id = ${userId} or project_id in (select id from ${projects} where owner_id = ${userId}))`,
      ...trash,
    });
    return moved.length > 0;
  }

  /** Moves the user's trashed tasks back with their ids, in one statement; answers the ids restored. */
  restoreFromTrash(userId: number, selection: TrashRowsSelection, db: Database = this.db): Promise<number[]> {
    return restoreRowsFromTrash(db, tasks, { userId, kind: 'task', selection });
  }

  async openCount(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(tasks)
      .where(
        and(
          OPEN,
          or(
            eq(tasks.ownerId, userId),
            and(eq(tasks.assigneeId, userId), sql`${tasks.projectId} in ${visibleProjectIds(userId)}`),
          ),
        ),
      );
    return row.count;
  }
}
