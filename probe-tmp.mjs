import sharp from 'sharp';
import zlib from 'node:zlib';
const noise = (w,h)=>{const b=Buffer.alloc(w*h*3); for(let i=0;i<b.length;i++) b[i]=(Math.random()*256)|0; return b;};
const jpeg = await sharp(noise(1920,1440),{raw:{width:1920,height:1440,channels:3}}).blur(1.2).jpeg({quality:85}).toBuffer();
console.log('jpeg bytes', jpeg.length);
// truncated
const trunc = jpeg.subarray(0, jpeg.length/2);
try { await sharp(trunc).rotate().resize(1920,1920,{fit:'inside'}).jpeg().toBuffer(); console.log('truncated decoded OK?!'); } catch(e){ console.log('trunc err:', e.message); }
try { await sharp(trunc, {failOn:'truncated'}).rotate().jpeg().toBuffer(); console.log('truncated (failOn truncated) OK?!'); } catch(e){ console.log('trunc2 err:', e.message); }
// huge png header
function chunk(type, data){const len=Buffer.alloc(4);len.writeUInt32BE(data.length);const td=Buffer.concat([Buffer.from(type),data]);const crc=Buffer.alloc(4);crc.writeUInt32BE(zlib.crc32(td));return Buffer.concat([len,td,crc]);}
const ihdr=Buffer.alloc(13); ihdr.writeUInt32BE(20000,0); ihdr.writeUInt32BE(20000,4); ihdr[8]=8; ihdr[9]=2;
const png=Buffer.concat([Buffer.from([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a]),chunk('IHDR',ihdr),chunk('IDAT',zlib.deflateSync(Buffer.alloc(1000))),chunk('IEND',Buffer.alloc(0))]);
try { const m = await sharp(png).metadata(); console.log('png meta', m.width, m.height); await sharp(png,{limitInputPixels:50e6}).rotate().jpeg().toBuffer(); } catch(e){ console.log('png err:', e.message); }
const N=30;
async function timeit(name, fn){ await fn(); const t=performance.now(); for(let i=0;i<N;i++) await fn(); console.log(name, ((performance.now()-t)/N).toFixed(1),'ms'); }
await timeit('clone', async()=>{ const base=sharp(jpeg).rotate(); await Promise.all([base.clone().resize(1920,1920,{fit:'inside',withoutEnlargement:true}).jpeg({quality:85,mozjpeg:false}).toBuffer(), base.clone().resize(400,400,{fit:'inside',withoutEnlargement:true}).webp({quality:75}).toBuffer()]); });
await timeit('clone seq', async()=>{ const base=sharp(jpeg).rotate(); await base.clone().resize(1920,1920,{fit:'inside',withoutEnlargement:true}).jpeg({quality:85,mozjpeg:false}).toBuffer(); await base.clone().resize(400,400,{fit:'inside',withoutEnlargement:true}).webp({quality:75}).toBuffer(); });
await timeit('display only', async()=>{ await sharp(jpeg).rotate().resize(1920,1920,{fit:'inside',withoutEnlargement:true}).jpeg({quality:85,mozjpeg:false}).toBuffer(); });
await timeit('thumb only webp', async()=>{ await sharp(jpeg).rotate().resize(400,400,{fit:'inside',withoutEnlargement:true}).webp({quality:75}).toBuffer(); });
await timeit('thumb only jpeg', async()=>{ await sharp(jpeg).rotate().resize(400,400,{fit:'inside',withoutEnlargement:true}).jpeg({quality:75}).toBuffer(); });
await timeit('raw once', async()=>{ const {data,info}=await sharp(jpeg).rotate().resize(1920,1920,{fit:'inside',withoutEnlargement:true}).raw().toBuffer({resolveWithObject:true}); const r={raw:{width:info.width,height:info.height,channels:info.channels}}; await Promise.all([sharp(data,r).jpeg({quality:85,mozjpeg:false}).toBuffer(), sharp(data,r).resize(400,400,{fit:'inside'}).webp({quality:75}).toBuffer()]); });
await timeit('metadata', async()=>{ await sharp(jpeg).metadata(); });
console.log('concurrency', sharp.concurrency());
