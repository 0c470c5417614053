module.exports = async function globalTeardown() {
  await globalThis.__TEST_PG__?.stop();
};
