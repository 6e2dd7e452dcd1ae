import { z } from 'zod';
import { categoryMessages } from '../messages/index.js';
import { categoryInputSchema, categorySchema, categorySlugParams } from '../schemas/category.js';
import { deleteResultSchema } from '../schemas/responses.js';
import { error, type FeatureContract, invalid, notFound, route } from './define.js';
import { routeTable } from './route-table.js';

const categoryWritten = {
  description: 'The category as it now is.',
  schema: categorySchema,
};

export const categories = {
  list: route(routeTable.categories.list, {
    summary: 'The category tree',
    description:
      'Every category, each parent before its children and siblings by `position`, with its own attribute definitions (a category’s parts also have its ancestors’) and `partCount`, the listed parts of the category and of every category under it.',
    responses: { 200: { description: 'The tree, in order.', schema: z.array(categorySchema) } },
  }),
  add: route(routeTable.categories.add, {
    summary: 'Add a category',
    description:
      '`parent` names the parent’s slug. An attribute key is defined once along a branch: not by an ancestor, not by a subcategory.',
    body: categoryInputSchema,
    responses: {
      201: categoryWritten,
      400: invalid,
      409: error('Another category has this slug.'),
    },
  }),
  update: route(routeTable.categories.update, {
    summary: 'Replace a category',
    description:
      'The whole category: its slug (a new one renames it), name, parent, position and attribute definitions. An attribute that listed parts hold a value for cannot be removed or change its type (409).',
    params: categorySlugParams,
    notFound: categoryMessages.categoryNotFound,
    body: categoryInputSchema,
    responses: {
      200: categoryWritten,
      400: invalid,
      404: notFound,
      409: error(
        'Another category has this slug, or listed parts hold values of an attribute removed or retyped.',
      ),
    },
  }),
  remove: route(routeTable.categories.remove, {
    summary: 'Delete a category',
    params: categorySlugParams,
    notFound: categoryMessages.categoryNotFound,
    responses: {
      200: { description: 'Deleted.', schema: deleteResultSchema },
      404: notFound,
      409: error('Listed parts or subcategories remain in it.'),
    },
  }),
} satisfies FeatureContract<'categories'>;
