import { PGlite, types } from '@electric-sql/pglite';
let t=Date.now();
const db = await PGlite.create({ parsers: { [types.NUMERIC]: (v)=>v } });
console.log('create', Date.now()-t);
const r = await db.query("select 1.50::numeric as n, 5::int8 as b, now() as t, '{\"a\":1}'::jsonb as j, gen_random_uuid() as u, version() v");
console.log(r.rows, typeof r.rows[0].b, r.rows[0].t instanceof Date);
t=Date.now(); const d = await db.dumpDataDir('none'); console.log('dump', Date.now()-t, d.size);
t=Date.now(); const db2 = await PGlite.create({loadDataDir: d}); console.log('load', Date.now()-t);
