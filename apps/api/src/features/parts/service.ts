import { apiMessages, idSchema, type Part, type PartsQuery } from '@store/shared';
import { notFound } from '../../lib/http-error.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import { toPartDto } from './dto.js';
import type { PartsRepo } from './repo.js';

export function createPartsService(repo: PartsRepo) {
  return {
    async list(query: PartsQuery): Promise<Page<Part>> {
      const { items, total } = await repo.listNewest(toOffset(query));
      return { items: items.map(toPartDto), total };
    },

    /** A malformed id can name no part, so it is a 404 like an unknown one, never a 500. */
    async get(id: string): Promise<Part> {
      const row = idSchema.safeParse(id).success ? await repo.findListed(id) : undefined;
      if (!row) throw notFound(apiMessages.partNotFound);
      return toPartDto(row);
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
