// Polls `${url}/api/ready` once a second until it answers 200 (true), the time runs out or isAlive() says the
// process under test has exited (false). Shared by the e2e, browser e2e, bench and Lighthouse scripts.
export async function waitReady(url, timeoutMs = 240_000, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return true;
    } catch {
      // not up yet
    }
    if (!isAlive()) return false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}
