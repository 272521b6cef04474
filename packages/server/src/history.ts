// A table's recent public events with their versions, kept apart from its state (lila-ws History):
// a client that reconnects gets what it missed from here, or a snapshot when the gap is too old.
import type { PublicEvent } from '@baska/protocol';

/** How many recent public events a table keeps for clients that reconnect. */
export const RECENT_EVENTS = 512;

export interface Versioned {
  version: number;
  event: PublicEvent;
}

export class History {
  private readonly events: Versioned[] = [];

  constructor(private readonly size = RECENT_EVENTS) {}

  add(version: number, event: PublicEvent): void {
    this.events.push({ version, event });
    if (this.events.length > this.size) this.events.shift();
  }

  /**
   * The events after `version` when the table is at `now`; null when the gap reaches further back
   * than is kept, or the version is not one this table had: send a snapshot.
   */
  since(version: number, now: number): Versioned[] | null {
    if (version > now) return null;
    if (version === now) return [];
    const first = this.events[0];
    if (!first || first.version > version + 1) return null;
    return this.events.filter((r) => r.version > version);
  }
}
