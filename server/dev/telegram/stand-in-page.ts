/** The offline Telegram stand-in: a test user presses «Запустить», exactly like /start in the bot. */
export const STAND_IN_PAGE = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Telegram (офлайн) · Кварта</title>
<meta name="referrer" content="no-referrer">
<style>
  body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;background:#0e1621;color:#f5f5f5}
  main{max-width:520px;margin:0 auto;padding:20px}
  h1{font-size:20px;margin:0 0 4px} .hint{color:#8b9bab;font-size:14px;margin:0 0 16px}
  label{display:block;font-size:13px;color:#8b9bab;margin:12px 0 4px}
  input{width:100%;box-sizing:border-box;padding:10px 12px;border-radius:10px;border:1px solid #2b3a4a;background:#17212b;color:inherit;font:inherit}
  button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:10px;background:#5288c1;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  .chat{margin-top:24px;display:flex;flex-direction:column;gap:10px}
  .msg{background:#182533;border-radius:14px 14px 14px 4px;padding:10px 12px;white-space:pre-wrap}
  .msg .buttons{display:flex;flex-direction:column;gap:6px;margin-top:8px}
  .msg .buttons .row{display:flex;gap:6px}
  .msg .buttons a,.msg .buttons span,.msg .buttons button{flex:1 1 0;text-align:center;padding:6px 10px;border-radius:8px;background:#2b5278;color:#fff;text-decoration:none;font-size:14px}
  .msg .buttons button{margin:0;width:auto;font-weight:400}
  .msg img{display:block;width:100%;max-height:160px;object-fit:cover;border-radius:10px;margin-bottom:8px;background:#223}
  .album{display:grid;grid-template-columns:repeat(2,1fr);gap:4px;margin-bottom:8px}
  .album img{margin:0;height:auto;max-height:none;aspect-ratio:3/2;object-fit:contain;border-radius:6px;background:#fff}
  .album img:first-child:nth-last-child(odd){grid-column:1 / -1}
  .commands{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
  .commands button{margin:0;width:auto;flex:1 1 auto;background:#2b5278;font-weight:400}
  .error{color:#ec3942}
  .managers{margin-top:32px;border-top:1px solid #2b3a4a;padding-top:16px}
  .managers h2{font-size:17px;margin:0 0 4px}
  .managers .msg{border-radius:14px 14px 4px 14px;background:#2b5278}
  .msg time{display:block;margin-top:4px;color:#8b9bab;font-size:12px}
</style></head>
<body><main>
  <h1>Telegram · бот «Кварты» (офлайн)</h1>
  <p class="hint">Здесь нет настоящего Telegram: этот тестовый пользователь запускает бота так же, как команда /start.</p>
  <form id="start">
    <label for="user-id">ID пользователя Telegram</label><input id="user-id" name="userId" inputmode="numeric" required>
    <label for="user-name">Имя</label><input id="user-name" name="name" required value="Тестовый пользователь">
    <label for="token">Параметр start</label><input id="token" name="token">
    <button type="submit">Запустить</button>
  </form>
  <div class="commands" role="group" aria-label="Команды бота">
    <button type="button" data-command="settings">/settings</button>
    <button type="button" data-command="stop">/stop</button>
    <button type="button" data-command="resume">/resume</button>
    <button type="button" data-command="help">/help</button>
    <button type="button" data-command="delete">/delete</button>
    <button type="button" id="logout">Отправить /logout</button>
  </div>
  <p id="status" role="status"></p>
  <section class="chat" id="chat" aria-label="Сообщения бота" aria-live="polite"></section>
  <section class="managers" aria-labelledby="managers-title">
    <h2 id="managers-title">Чат менеджеров</h2>
    <p class="hint">Заявки на обратный звонок, которые бот отправил менеджерам.</p>
    <div class="chat" id="managers-chat" data-testid="managers-chat" aria-live="polite"></div>
  </section>
</main>
<script>
  const params = new URLSearchParams(location.search);
  const idInput = document.getElementById('user-id');
  idInput.value = localStorage.getItem('devTelegramUserId') || String(100000 + Math.floor(Math.random() * 900000));
  document.getElementById('user-name').value = localStorage.getItem('devTelegramUserName') || 'Тестовый пользователь';
  document.getElementById('token').value = params.get('start') || '';
  const chat = document.getElementById('chat');
  const status = document.getElementById('status');
  // Like a Telegram client: a message that did not change keeps its node, so a tap is never lost to a redraw
  // between the press and the release (the chat is polled every 3 s).
  const drawn = new Map();
  function render(messages) {
    const nodes = messages.map((m) => {
      const key = JSON.stringify(m);
      const kept = drawn.get(m.id);
      if (kept && kept.key === key) return kept.node;
      const node = drawMessage(m);
      drawn.set(m.id, { key, node });
      return node;
    });
    const ids = new Set(messages.map((m) => m.id));
    for (const id of drawn.keys()) if (!ids.has(id)) drawn.delete(id);
    if (nodes.length === chat.children.length && nodes.every((node, i) => chat.children[i] === node)) return;
    chat.replaceChildren(...nodes);
  }
  function drawMessage(m) {
    const div = document.createElement('div'); div.className = 'msg'; div.dataset.messageId = String(m.id);
    if (m.photoUrl) { const img = document.createElement('img'); img.src = m.photoUrl; img.alt = 'Фото'; div.append(img); }
    // An album (sendMediaGroup): the pictures in a grid above the caption, as Telegram lays them out.
    if (m.album && m.album.length) {
      const album = document.createElement('div'); album.className = 'album'; album.setAttribute('role', 'group'); album.setAttribute('aria-label', 'Альбом');
      m.album.forEach((p, i) => { const img = document.createElement('img'); img.src = p.x1; img.srcset = p.x1 + ' 1x, ' + p.x2 + ' 2x'; img.alt = 'Фото ' + (i + 1); img.loading = 'lazy'; album.append(img); });
      div.append(album);
    }
    div.append(document.createTextNode(m.text));
    if (m.buttons && m.buttons.length) {
      // The inline keyboard row by row, as Telegram draws it.
      const keyboard = document.createElement('div'); keyboard.className = 'buttons';
      for (const buttons of m.buttons) {
        const row = document.createElement('div'); row.className = 'row';
        for (const b of buttons) {
          const el = b.webAppUrl || b.url ? document.createElement('a') : b.callbackData ? document.createElement('button') : document.createElement('span');
          el.textContent = b.text; if (el.tagName === 'A') { el.href = b.webAppUrl || b.url; el.target = '_blank'; el.rel = 'noopener'; }
          if (el.tagName === 'BUTTON') { el.type = 'button'; el.addEventListener('click', () => press(b.callbackData, m.id)); }
          row.append(el);
        }
        if (row.childElementCount) keyboard.append(row);
      }
      div.append(keyboard);
    }
    return div;
  }
  // Like Telegram's callback_query: the bot answers with a short notice and may rewrite the message (the dislike reasons).
  async function press(data, messageId) {
    const res = await fetch('/dev/telegram/callback', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data, messageId, user: { id: Number(idInput.value), first_name: document.getElementById('user-name').value || 'Тестовый пользователь' } }) });
    const body = await res.json().catch(() => ({ message: 'Сервер ответил не JSON' }));
    if (body.result === 'ok') { status.textContent = body.data.text; status.className = ''; } else { status.textContent = body.message || 'Ошибка'; status.className = 'error'; }
    await refresh();
  }
  for (const button of document.querySelectorAll('[data-command]')) {
    button.addEventListener('click', async () => {
      const res = await fetch('/dev/telegram/command', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ command: button.dataset.command, user: { id: Number(idInput.value), first_name: document.getElementById('user-name').value || 'Тестовый пользователь' } }) });
      const body = await res.json().catch(() => ({ message: 'Сервер ответил не JSON' }));
      if (body.result === 'ok') { status.textContent = 'Бот ответил'; status.className = ''; } else { status.textContent = body.message || 'Ошибка'; status.className = 'error'; }
      await refresh();
    });
  }
  document.getElementById('logout').addEventListener('click', async () => {
    const res = await fetch('/dev/telegram/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { id: Number(idInput.value), first_name: document.getElementById('user-name').value || 'Тестовый пользователь' } }) });
    const body = await res.json().catch(() => ({ message: 'Сервер ответил не JSON' }));
    if (body.result === 'ok') { status.textContent = body.data.text; status.className = ''; } else { status.textContent = body.message || 'Ошибка'; status.className = 'error'; }
    await refresh();
  });
  // Updates come in order, as in Telegram: a poll sent before a press's own refresh never draws over it.
  let asked = 0;
  let shown = 0;
  async function refresh() {
    const n = ++asked;
    const res = await fetch('/dev/telegram/messages?chatId=' + encodeURIComponent(idInput.value));
    const body = await res.json();
    if (body.result !== 'ok' || n < shown) return;
    shown = n;
    render(body.data);
  }
  document.getElementById('start').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    localStorage.setItem('devTelegramUserId', String(form.get('userId')));
    localStorage.setItem('devTelegramUserName', String(form.get('name')));
    status.textContent = 'Отправляем /start…'; status.className = '';
    const res = await fetch('/dev/telegram/start', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: form.get('token') || undefined, user: { id: Number(form.get('userId')), first_name: String(form.get('name')) } }) });
    const body = await res.json().catch(() => ({ message: 'Сервер ответил не JSON' }));
    if (body.result === 'ok') { status.textContent = 'Бот ответил'; } else { status.textContent = body.message || 'Ошибка'; status.className = 'error'; }
    await refresh();
  });
  const managers = document.getElementById('managers-chat');
  async function refreshManagers() {
    const res = await fetch('/dev/telegram/managers');
    const body = await res.json();
    if (body.result !== 'ok') return;
    if (!body.data.messages.length) { managers.innerHTML = '<p class="hint">Заявок пока нет.</p>'; return; }
    managers.replaceChildren(...body.data.messages.slice().reverse().map((m) => {
      const div = document.createElement('div'); div.className = 'msg'; div.textContent = m.text;
      const time = document.createElement('time'); time.textContent = new Date(m.at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) + ' (МСК)'; div.append(time);
      return div;
    }));
  }
  refresh();
  refreshManagers();
  setInterval(() => { refresh(); refreshManagers(); }, 3000);
</script>
</body></html>`;
