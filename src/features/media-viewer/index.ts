import { lazyComponent } from '@/shared/ui';
export const VideoModal = lazyComponent(
  () => import('./ui/video-modal'),
  (m) => m.VideoModal,
);
export const ImageModal = lazyComponent(
  () => import('./ui/image-modal'),
  (m) => m.ImageModal,
);
