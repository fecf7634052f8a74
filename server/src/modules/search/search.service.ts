import {
  SEARCH_LIMIT,
  SEARCH_LIMIT_PER_TYPE,
  type SearchResponse,
  type SearchResult,
  type SearchResultType,
} from '@relate/contracts';
import type { AuthUser } from '../../lib/auth-user';
import type { CompaniesService } from '../companies/companies.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { EventsService } from '../events/events.service';
import type { PlansService } from '../plans/plans.service';
import type { TasksService } from '../tasks/tasks.service';

type Entitlement = Parameters<PlansService['isEntitled']>[1];

/** Where results of equal rank stand: people first, as the product is about them. */
const TYPE_ORDER: readonly SearchResultType[] = ['contact', 'company', 'task', 'project', 'event'];

const byRank = (a: SearchResult, b: SearchResult) =>
  a.rank - b.rank || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type);

/**
 * The quick search (Cmd+K): what each module finds of what it shows the user, through its own service
 * and so its own visibility rules (shared contact copies, tasks of projects one takes part in, events
 * one is a participant of), best match first. A module the user's plan does not include is left out.
 */
export class SearchService {
  constructor(
    private readonly contacts: Pick<ContactsService, 'search'>,
    private readonly companies: Pick<CompaniesService, 'search'>,
    private readonly tasks: Pick<TasksService, 'search'>,
    private readonly events: Pick<EventsService, 'search'>,
    private readonly plans: Pick<PlansService, 'isEntitled'>,
  ) {}

  async search(user: AuthUser, text: string): Promise<SearchResponse> {
    const limit = SEARCH_LIMIT_PER_TYPE;
    const when = (entitlement: Entitlement, find: () => Promise<SearchResult[]>) =>
      this.plans.isEntitled(user.plan, entitlement) ? find() : Promise.resolve([]);
    const found = await Promise.all([
      when('contacts', () => this.contacts.search(user.id, text, limit)),
      when('companies', () => this.companies.search(user.id, text, limit)),
      when('tasks', () => this.tasks.search(user, text, limit)),
      when('calendar', () => this.events.search(user, text, limit)),
    ]);
    // Each list is in its own best-first order; a stable sort keeps it within a rank.
    return { results: found.flat().sort(byRank).slice(0, SEARCH_LIMIT) };
  }
}
