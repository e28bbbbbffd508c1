// Renders the default share image (1200x630) and the logo (512x512) with Chromium; run after changing the design.
import path from 'node:path'
import { launchChromium } from '#tests/support/chromium.ts'

const publicDir = path.resolve(import.meta.dirname, '../public')
const mark = `<svg viewBox="0 0 32 32" width="100%" height="100%"><rect width="32" height="32" rx="7" fill="#1f56d1"/><path d="M9 23V9h7.5a5 5 0 0 1 0 10H13v4z" fill="#fff"/><circle cx="23" cy="22" r="2.5" fill="#7dd3fc"/></svg>`
const shareHtml = `<body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;background:linear-gradient(135deg,#0b1f4d,#1f56d1);font-family:system-ui,sans-serif;color:#fff">
<div style="display:flex;align-items:center;gap:20px;font-size:36px;font-weight:600"><div style="width:72px;height:72px">${mark}</div>Domain Rebels</div>
<h1 style="font-size:84px;line-height:1.05;margin:40px 0 24px;font-weight:800">From Parked to Profitable</h1>
<p style="font-size:34px;margin:0;color:#cfe0ff">Turn parked domains into visible, verified, growing digital assets.</p></body>`

const browser = await launchChromium()
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(shareHtml)
// A JPEG of the gradient is a seventh of the PNG's bytes with no visible loss at this quality.
await page.screenshot({ path: path.join(publicDir, 'og-default.jpg'), type: 'jpeg', quality: 90 })
await page.setViewportSize({ width: 512, height: 512 })
await page.setContent(`<body style="margin:0;width:512px;height:512px">${mark}</body>`)
await page.screenshot({ path: path.join(publicDir, 'logo.png'), omitBackground: true })
await browser.close()
