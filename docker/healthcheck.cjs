// Docker HEALTHCHECK for every app in the image: the services answer /health on $PORT, the gateway /api/health.
const port = process.env.PORT || '3000';
const paths = process.env.HEALTH_PATH ? [process.env.HEALTH_PATH] : ['/health', '/api/health'];
(async () => {
  for (const path of paths) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2500) });
      if (response.ok) process.exit(0);
    } catch {
      // try the next path
    }
  }
  process.exit(1);
})();
