import { z } from 'zod';
import { apiMessages } from '../messages/index.js';
import { facetsQuerySchema, facetsSchema } from '../schemas/catalog-filter.js';
import { partSchema, partsQuerySchema, productInputSchema, productUpdateSchema } from '../schemas/part.js';
import {
  MAX_IMPORT_ROWS,
  productImportResultSchema,
  productImportSchema,
} from '../schemas/product-import.js';
import {
  apiErrorSchema,
  deleteResultSchema,
  imageRefusedSchema,
  imageUploadedSchema,
  insertResultSchema,
  updateResultSchema,
} from '../schemas/responses.js';
import { error, type FeatureContract, idParams, invalid, notFound, route } from './define.js';
import { routeTable } from './route-table.js';

export const parts = {
  list: route(routeTable.parts.list, {
    summary: 'List the catalog',
    description: [
      'Newest first or by price, optionally searched by name (closest names first unless a `sort` is named) and limited to parts in stock; `?limit=3&sort=newest` serves the home page.',
      'Pages by number (`page`, up to 1000) or by keyset: `Link: <…?cursor=…>; rel="next"` and `X-Next-Cursor` name the next page while more follow, and reach every page of any catalog through an index.',
      '`X-Total-Count` is read from kept counts, never by counting the catalog; a search or a filtered list counts up to 1000 matches and then says `X-Total-Count-Capped: true`. A tampered or foreign cursor is a 400.',
      'Filters: `category=<slug>` (its subcategories included), `brand=a,b`, `price=min..max`, `attr.<key>=v1,v2` for the text and yes/no attributes of the category (its own and its ancestors’), `attr.<key>=min..max` for its numbers, and `compatibleWith=<partId>`; either side of a range may be left open. OR within a filter, AND across filters. An attribute the category does not define, or a malformed range, is a 400 naming the parameter.',
    ].join(' '),
    query: partsQuerySchema,
    responses: { 200: { description: 'A page of parts.', schema: z.array(partSchema) }, 400: invalid },
  }),
  facets: route(routeTable.parts.facets, {
    summary: 'Facet counts for a filtered catalog',
    description:
      'The same filters as `GET /api/parts` (and `q`, `inStock`). `total` is the number of parts that match them all. Brand, text and yes/no facets list their values with counts; number facets and price their `min` and `max`. Each facet is computed with every filter but its own, so its counts say how many parts choosing one more of its values would add. Attribute facets are the category’s (its own and its ancestors’); without a category, brand and price only.',
    query: facetsQuerySchema,
    responses: { 200: { description: 'The facets.', schema: facetsSchema }, 400: invalid },
  }),
  get: route(routeTable.parts.get, {
    summary: 'One part',
    params: idParams,
    notFound: apiMessages.partNotFound,
    responses: { 200: { description: 'The part.', schema: partSchema }, 404: notFound },
  }),
  add: route(routeTable.parts.add, {
    summary: 'Add a product',
    description:
      '`sku` is required and unique among parts, case-insensitively; `orderMultiple` (the pack size, default 1) must divide `minOrderQuantity`.',
    body: productInputSchema,
    responses: {
      201: { description: 'Added.', schema: insertResultSchema },
      400: invalid,
      409: error('Another part has this SKU (compared case-insensitively).'),
    },
  }),
  update: route(routeTable.parts.update, {
    summary: 'Update a product',
    description:
      'Leave out `availableQuantity` to keep the stock as it is. To set it, also send `availableQuantityBefore`, the stock the form was loaded with: the stock is set only if it still is that value, so an edit never undoes the orders placed meanwhile. Leave out `sku` or `orderMultiple` to keep them as they are.',
    params: idParams,
    notFound: apiMessages.partNotFound,
    body: productUpdateSchema,
    responses: {
      200: { description: 'Updated.', schema: updateResultSchema },
      400: invalid,
      404: notFound,
      409: error(
        "The stock moved since the form was loaded (the body's `fields` carry the current `availableQuantity`), or another part has this SKU.",
      ),
    },
  }),
  remove: route(routeTable.parts.remove, {
    summary: 'Delete a product',
    description: 'The part leaves the storefront; past orders keep its name and price.',
    params: idParams,
    notFound: apiMessages.partNotFound,
    responses: { 200: { description: 'Deleted.', schema: deleteResultSchema }, 404: notFound },
  }),
  csv: route(routeTable.parts.csv, {
    summary: 'The catalog as CSV, for spreadsheets',
    description:
      "Every listed part (in id order, a batch at a time): `sku`, `name`, `price`, `minOrderQuantity`, `orderMultiple`, `availableQuantity`, `category` (a slug), `brand`, `description`, `img`, then one `attr.<key>` column per attribute the category tree defines (empty where a part has none). UTF-8 with a byte-order mark; a text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return, after any number of `'`, is made inert with one more leading `'` (the import takes that one off again, and no other). Numbers are written as plain decimals, never with an exponent. Streamed a batch at a time.",
    responses: { 200: { description: 'The parts (text/csv).' } },
  }),
  import: route(routeTable.parts.import, {
    summary: 'Import parts from CSV, keyed by SKU',
    description: `\`text\` is a CSV with the export's header (columns in any order; \`orderMultiple\`, \`category\`, \`brand\` and \`attr.<key>\` may be left out). A new SKU adds a part; a known SKU updates it, its row being the part's whole record (an empty \`category\`, \`brand\` or attribute takes it away). Numbers are plain decimals (\`12\`, \`12.5\`; whole numbers for the quantities; a leading \`-\` only in a number attribute): hex, exponents, a bare decimal point, signs and separators are refused. A cell holding a control character (a description may hold line breaks and tabs), a lone surrogate or a noncharacter is refused. Each row is checked as Add Product and Update check it, and a bad row is refused alone with its message (\`status: 'error'\`) while the others go in, in one transaction. A changed stock is recorded as a stock edit. With \`dryRun: true\` nothing changes and each row says what would. At most ${MAX_IMPORT_ROWS} rows (a 400 beyond); a header the store does not know is a 400 too.`,
    body: productImportSchema,
    responses: {
      200: { description: 'What became of each row.', schema: productImportResultSchema },
      400: invalid,
      409: error('Another import or edit took a SKU of the file meanwhile: nothing was changed; try again.'),
      413: error('The request is larger than 8 MB: split the file.'),
    },
  }),
} satisfies FeatureContract<'parts'>;

export const images = {
  upload: route(routeTable.images.upload, {
    summary: 'Upload a product image (the image-host protocol)',
    description:
      'Multipart `image` (JPEG, PNG, WebP, GIF or AVIF; at most 5 MB and 40 megapixels) and, when configured, `key`. Re-encoded to WebP without metadata.',
    body: z.object({ image: z.string().meta({ format: 'binary' }), key: z.string().optional() }),
    responses: {
      201: { description: 'Stored.', schema: imageUploadedSchema },
      400: { description: 'Not an image we can read.', schema: imageRefusedSchema },
      403: {
        description: 'Wrong key, or not an admin.',
        schema: z.union([imageRefusedSchema, apiErrorSchema]),
      },
      413: { description: 'Too large.', schema: imageRefusedSchema },
      415: { description: 'Not an accepted format.', schema: imageRefusedSchema },
    },
  }),
} satisfies FeatureContract<'images'>;
