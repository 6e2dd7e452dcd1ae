import { sql } from 'drizzle-orm';
import { openPglite } from './src/db/client.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
const h = await openPglite(path.join(mkdtempSync(path.join(tmpdir(), 'ov-')), 'db'));
await h.migrate();
const r = await h.executeSql(`
insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description) values ('P','x',100,1,10,'d');
insert into orders (part_id, product_name, unit_price_cents, product_quantity, total_cents, user_name, email, phone, address, status)
 select id, 'P', 100, 2, 200, 'U', 'u@x.com', '1', 'a', 'paid' from parts;
insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents) select o.id, 1, o.part_id, 'S', 'P', 100, 2, 200 from orders o;
update orders set status = 'shipped';
update orders set status = 'cancelled';
select overview_use_time_zone('Asia/Tokyo');
select overview_fold();
select * from order_days`);
console.log(r.rows, (await h.executeSql('select * from part_days')).rows, (await h.executeSql('select * from order_status_totals')).rows);
await h.close();
