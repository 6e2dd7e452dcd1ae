-- The desk finds orders by the buyer's PO reference, in any case, the whole reference or its
-- beginning (`lower(po_reference) like 'po-a-1%'`): a range of this index, newest first within
-- it. text_pattern_ops serves the prefix under any collation. Orders without a reference (most)
-- are left out: the search never looks for them.
CREATE INDEX "orders_po_reference_idx" ON "orders" USING btree (lower("po_reference") text_pattern_ops,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "po_reference" IS NOT NULL;
