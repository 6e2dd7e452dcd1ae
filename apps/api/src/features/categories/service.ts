import { type Category, type CategoryInput, type DeleteResult, categoryMessages as m } from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import type { Database } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../lib/domain-errors.js';
import type { ReadCache } from '../../lib/read-cache/cache.js';
import { KeptUntilChange } from '../../lib/read-cache/kept-until-change.js';
import { type AuditTrail, changedFields } from '../audit/index.js';
import type { CategoriesRepo, CategoryRow, CategoryWrites } from './repo.js';
import { type CategoryNode, CategoryTree } from './tree.js';

const invalid = (field: string, message: string) => new Invalid(message, { [field]: message });

/**
 * The category tree: public reads, and an admin's writes, each checked against the
 * tree as it is inside the write's transaction, under the tree's lock.
 */
export function createCategoriesService(
  repo: CategoriesRepo,
  {
    audit,
    readCache,
  }: {
    audit: AuditTrail;
    /** Whose change feed says when the tree kept on this instance is stale; without it, read each time. */
    readCache?: ReadCache | undefined;
  },
) {
  // Every catalog request asks the tree (a slug's category, the parts' category slugs): kept.
  const kept = new KeptUntilChange<CategoryTree>(readCache, ['categories']);
  const target = (slug: string, name: string) => ({ type: 'category' as const, id: slug, label: name });
  /** A category as the audit trail records it: as an admin sends it. */
  const auditFields = (tree: CategoryTree, node: CategoryNode) => ({
    slug: node.slug,
    name: node.name,
    parent: (node.parentId && tree.get(node.parentId)?.slug) || null,
    position: node.position,
    attributes: node.attributes,
  });

  /** The parent named by slug: none for top-level; a 400 for one that does not exist. */
  function parentOf(tree: CategoryTree, input: CategoryInput): CategoryNode | undefined {
    if (!input.parent) return undefined;
    const parent = tree.find(input.parent);
    if (!parent) throw invalid('parent', m.categoryParentUnknown);
    return parent;
  }

  /**
   * An attribute key means one thing along a branch: the category may not define a key that an
   * ancestor (under its new parent) or a category under it already defines.
   */
  function checkKeys(tree: CategoryTree, input: CategoryInput, parent?: CategoryNode, self?: CategoryNode) {
    const above = parent ? tree.ancestry(parent) : [];
    const below = self ? tree.subtree(self).slice(1) : [];
    for (const category of [...above, ...below]) {
      for (const { key } of input.attributes) {
        if (category.attributes.some((definition) => definition.key === key))
          throw invalid('attributes', m.attributeKeyInherited(key, category.name));
      }
    }
  }

  /**
   * What the category's parts may hold after the write must still cover what they hold: a key
   * that leaves the category's branch (removed, retyped, or an ancestor's left behind by a move)
   * is refused while a listed part under it holds a value for it.
   */
  async function checkValuesKept(
    writes: CategoryWrites,
    tree: CategoryTree,
    self: CategoryNode,
    input: CategoryInput,
    parent?: CategoryNode,
  ) {
    const after = [...(parent ? tree.definitions(parent) : []), ...input.attributes];
    const ids = tree.subtree(self).map((category) => category.id);
    for (const before of tree.definitions(self)) {
      const kept = after.find((definition) => definition.key === before.key);
      if (kept && kept.type === before.type) continue;
      const holding = await writes.holding(ids, before.key);
      if (holding > 0)
        throw new Conflict(m.attributeInUse(before.key, holding), {
          attributes: m.attributeInUse(before.key, holding),
        });
    }
  }

  const toRow = (input: CategoryInput, parent?: CategoryNode): CategoryRow => ({
    slug: input.slug,
    name: input.name,
    parentId: parent?.id ?? null,
    position: input.position,
    attributes: input.attributes,
  });

  const slugTaken = (slug: string) =>
    new Conflict(m.categorySlugTaken(slug), { slug: m.categorySlugTaken(slug) });

  /** The category as written, counted and placed in the tree as it now is. */
  async function written(writes: CategoryWrites, slug: string): Promise<Category> {
    const tree = new CategoryTree(await writes.tree());
    const node = tree.find(slug);
    if (!node) throw new Error(`category ${slug} vanished inside its own write`);
    const counts = new Map<string, number>();
    for (const category of tree.subtree(node)) counts.set(category.id, await writes.listedIn([category.id]));
    const dto = tree.toDtos(counts).find((category) => category.slug === slug);
    if (!dto) throw new Error(`category ${slug} is not in the tree`);
    return dto;
  }

  return {
    /** The tree, each category with the listed parts under it. */
    async list(): Promise<Category[]> {
      const [nodes, counts] = await Promise.all([repo.tree(), repo.partCounts()]);
      return new CategoryTree(nodes).toDtos(counts);
    },

    /** The tree as it is now, for the catalog's filters and the parts' checks. */
    tree(): Promise<CategoryTree> {
      return kept.get(async () => new CategoryTree(await repo.tree()));
    },

    /**
     * The tree as a part's write inside `tx` must judge its category and values against: read in
     * `tx`, and unchanged by any category write until `tx` ends (db/locks.ts).
     */
    async lockedTree(tx: Database): Promise<CategoryTree> {
      return new CategoryTree(await repo.lockedTree(tx));
    },

    add(admin: Caller, input: CategoryInput): Promise<Category> {
      return repo.write(async (writes, tx) => {
        const tree = new CategoryTree(await writes.tree());
        const parent = parentOf(tree, input);
        checkKeys(tree, input, parent);
        const outcome = await writes.insert(toRow(input, parent));
        if (outcome.kind === 'slug-taken') throw slugTaken(input.slug);
        await audit.record(tx, {
          actor: admin.email,
          action: 'category.add',
          target: target(input.slug, input.name),
          after: { ...input, parent: input.parent ?? null },
        });
        return written(writes, input.slug);
      });
    },

    update(admin: Caller, slug: string, input: CategoryInput): Promise<Category> {
      return repo.write(async (writes, tx) => {
        const tree = new CategoryTree(await writes.tree());
        const self = tree.find(slug);
        if (!self) throw new NotFound(m.categoryNotFound);
        const parent = parentOf(tree, input);
        if (parent && tree.subtree(self).includes(parent)) throw invalid('parent', m.categoryParentCycle);
        checkKeys(tree, input, parent, self);
        await checkValuesKept(writes, tree, self, input, parent);
        if ((await writes.update(self.id, toRow(input, parent))) === 'slug-taken')
          throw slugTaken(input.slug);
        const edited = changedFields(auditFields(tree, self), { ...input, parent: input.parent ?? null });
        if (edited) {
          await audit.record(tx, {
            actor: admin.email,
            action: 'category.edit',
            target: target(input.slug, input.name),
            ...edited,
          });
        }
        return written(writes, input.slug);
      });
    },

    remove(admin: Caller, slug: string): Promise<DeleteResult> {
      return repo.write(async (writes, tx) => {
        const tree = new CategoryTree(await writes.tree());
        const self = tree.find(slug);
        if (!self) throw new NotFound(m.categoryNotFound);
        if (tree.subtree(self).length > 1) throw new Conflict(m.categoryHasChildren);
        const held = await writes.listedIn([self.id]);
        if (held > 0) throw new Conflict(m.categoryHasParts(held));
        // A part or subcategory added since the checks above (by a write not under the tree's lock).
        const outcome = await writes.remove(self.id);
        if (outcome === 'has-children') throw new Conflict(m.categoryHasChildren);
        if (outcome === 'has-parts') throw new Conflict(m.categoryHasParts(1));
        await audit.record(tx, {
          actor: admin.email,
          action: 'category.delete',
          target: target(self.slug, self.name),
          before: auditFields(tree, self),
        });
        return { acknowledged: true, deletedCount: 1 };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
