import type { AttributeDefinition, Category } from '@store/shared';

/** A category as the tree holds it (its row, less the timestamps). */
export interface CategoryNode {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  position: number;
  attributes: AttributeDefinition[];
}

/**
 * The whole category tree, read in one query (it is small: tens of categories, not thousands),
 * with the questions the catalog asks of it: a slug's category, everything under it, and the
 * attributes its parts have (its own and its ancestors').
 */
export class CategoryTree {
  private readonly byId = new Map<string, CategoryNode>();
  private readonly bySlug = new Map<string, CategoryNode>();
  private readonly children = new Map<string | null, CategoryNode[]>();

  constructor(nodes: readonly CategoryNode[]) {
    for (const node of nodes) {
      this.byId.set(node.id, node);
      this.bySlug.set(node.slug, node);
    }
    for (const node of nodes) {
      // A parent that is not in the list cannot exist (a foreign key); read as top-level anyway.
      const parent = node.parentId && this.byId.has(node.parentId) ? node.parentId : null;
      const siblings = this.children.get(parent) ?? [];
      siblings.push(node);
      this.children.set(parent, siblings);
    }
    for (const siblings of this.children.values())
      siblings.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  }

  find(slug: string): CategoryNode | undefined {
    return this.bySlug.get(slug);
  }

  get(id: string): CategoryNode | undefined {
    return this.byId.get(id);
  }

  /** The category and every category under it, in tree order. */
  subtree(node: CategoryNode): CategoryNode[] {
    const all: CategoryNode[] = [];
    const visit = (current: CategoryNode, depth: number) => {
      if (depth > this.byId.size) return; // a cycle cannot be stored (the service refuses one); never loop
      all.push(current);
      for (const child of this.children.get(current.id) ?? []) visit(child, depth + 1);
    };
    visit(node, 0);
    return all;
  }

  /** From the root down to the category itself. */
  ancestry(node: CategoryNode): CategoryNode[] {
    const path: CategoryNode[] = [];
    for (let current: CategoryNode | undefined = node; current; current = this.parentOf(current)) {
      if (path.includes(current)) break;
      path.unshift(current);
    }
    return path;
  }

  /** What its parts may hold: the ancestors' attributes first, then its own. */
  definitions(node: CategoryNode): AttributeDefinition[] {
    return this.ancestry(node).flatMap((category) => category.attributes);
  }

  /** Every category, parents before children, siblings by position, with its depth. */
  ordered(): { node: CategoryNode; depth: number }[] {
    const all: { node: CategoryNode; depth: number }[] = [];
    const visit = (parent: string | null, depth: number) => {
      for (const node of this.children.get(parent) ?? []) {
        all.push({ node, depth });
        visit(node.id, depth + 1);
      }
    };
    visit(null, 0);
    return all;
  }

  /** As `GET /api/categories` answers: each with the listed parts under it, its own included. */
  toDtos(partCounts: ReadonlyMap<string, number>): Category[] {
    return this.ordered().map(({ node, depth }) => ({
      slug: node.slug,
      name: node.name,
      parent: (node.parentId && this.byId.get(node.parentId)?.slug) || null,
      position: node.position,
      depth,
      attributes: node.attributes,
      partCount: this.subtree(node).reduce((sum, category) => sum + (partCounts.get(category.id) ?? 0), 0),
    }));
  }

  private parentOf(node: CategoryNode): CategoryNode | undefined {
    return node.parentId ? this.byId.get(node.parentId) : undefined;
  }
}
