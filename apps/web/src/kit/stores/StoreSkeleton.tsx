import { SkeletonBlock, SkeletonRows, Stack } from '@hintakori/web-ui';

export function StoreSkeleton() {
  return (
    <Stack $gap="lg" aria-busy="true" aria-label="Ladataan kauppaa">
      <SkeletonBlock $h="2.2em" $w="50%" />
      <SkeletonRows />
      <SkeletonBlock $h="360px" $radius="12px" />
    </Stack>
  );
}
