import os,re
def first_sentence(path):
    s=open(path).read()
    m=re.search(r'/\*\*(.*?)\*/',s,re.S)
    if not m: return ''
    text=' '.join(l.strip().lstrip('*').strip() for l in m.group(1).splitlines()).strip()
    text=re.sub(r'\s+',' ',text)
    cut=re.search(r'(?<=[.])\s',text)
    sent=text[:cut.start()] if cut else text
    if len(sent)>170:
        sent=sent[:170].rsplit(' ',1)[0].rstrip(',;:')+' …'
    return sent
sections=[('core','The kernel: knows no alert type and no platform by name.'),('plugins','One folder per alert type.'),('platforms','One folder per delivery platform.'),('test','Tests mirror the tree; fixtures and fakes are ours.')]
out=['# Architecture map','','One line per source file. The design: `../shared/design/ARCHITECTURE.md`; the hooks: [hooks.md](hooks.md).','',
'```','scanner ──POST /──▶ intake ──▶ parse ──▶ dedupe ──▶ match ──▶ enrich ──▶ render ──▶ deliver','                    (core)    (plugin)   (core)     (plugin    (plugin)    (DTS)      (platform','                                                    + core)                           plugin)','```','']
for root,desc in sections[:3]:
    out.append(f'## {root}/'); out.append(''); out.append(desc); out.append('')
    files=[]
    for dp,dn,fn in os.walk(root):
        for f in fn:
            if f.endswith('.ts'): files.append(os.path.join(dp,f))
    for p in sorted(files):
        out.append(f'- `{p}` — {first_sentence(p)}')
    if not files: out.append('- (none yet)')
    out.append('')
out.append('## Other top-level folders'); out.append('')
out+= ['- `config/` — `config.example.toml` (every key documented); the operator\'s `config.toml`, `dts/`, `partials.json`, backups and caches (git-ignored).',
'- `fallbacks/` — bundled defaults written for Lookout: geofence example, emoji, pokemon aliases, templates.',
'- `resources/` — downloaded game data (git-ignored).',
'- `test/` — node:test suites mirroring the tree; `test/helpers` (database targets, log capture), `test/fixtures` (small data written by us). A plugin\'s own tests may live in `plugins/<type>/test/` (listed with the plugin above).',
'- `docs/` — this map, hooks, configuration, database, geofences, game data, DTS; deploying, the bots, a first alert, troubleshooting.',
'- `deploy/` — the systemd unit and the health check script the Docker image runs; `Dockerfile`, `docker-compose.example.yml` and `ecosystem.config.cjs` (pm2) sit at the root (docs/deploy.md).',
'- `monitoring/` — Prometheus scrape example and the Grafana dashboard on the service\'s metrics.','']
open('docs/ARCHITECTURE.md','w').write('\n'.join(out))
