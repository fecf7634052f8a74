import { api, check } from './processes';

/** Clients that keep creating contacts until the server dies; `acknowledged` holds the names answered 201. */
export function startWriters(base: string, token: string, organization: string, count = 4) {
  const acknowledged: string[] = [];
  let attempted = 0;
  let stopped = false;
  const writer = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      const name = `w${index}-${n}`;
      attempted++;
      try {
        const answer = await api(base, 'POST', '/people', {
          token,
          body: { first_name: name, organization },
        });
        if (answer.status === 201) acknowledged.push(name);
      } catch {
        return; // the server is gone
      }
    }
  };
  const running = Array.from({ length: count }, (_, index) => writer(index));
  return {
    acknowledged,
    attempted: () => attempted,
    /** Waits for every writer to notice that the server is gone. */
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The first names of the contacts with this organization (the writers' rows). */
export async function namesWith(base: string, token: string, organization: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await api<{ people: { first_name: string }[] }>(
      base,
      'GET',
      `/people?page_size=500&page=${page}&organization=${encodeURIComponent(organization)}`,
      { token },
    );
    check(answer.status === 200, `list writes: ${answer.status}`);
    for (const person of answer.body.people) names.add(person.first_name);
    if (answer.body.people.length < 500) return names;
  }
}

/** Every acknowledged write is present after the restart. */
export async function checkAcknowledged(
  base: string,
  token: string,
  organization: string,
  acknowledged: string[],
): Promise<Set<string>> {
  const present = await namesWith(base, token, organization);
  const lost = acknowledged.filter((name) => !present.has(name));
  check(
    lost.length === 0,
    `every acknowledged write survives (lost ${lost.length}: ${lost.slice(0, 10).join(', ')})`,
  );
  return present;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The titles of the user's events in [from, to). */
export async function eventTitles(base: string, token: string, from: Date, to: Date): Promise<string[]> {
  const answer = await api<{ events: { title: string }[] }>(
    base,
    'GET',
    `/events?start_date=${encodeURIComponent(from.toISOString())}&end_date=${encodeURIComponent(to.toISOString())}`,
    { token },
  );
  check(answer.status === 200, `list events: ${answer.status}`);
  return answer.body.events.map((event) => event.title);
}
