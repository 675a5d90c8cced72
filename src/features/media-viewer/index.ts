import { lazyComponent } from '@/shared/ui';
export const VideoModal = lazyComponent(() => import('./ui/video-modal'), 'VideoModal');
export const ImageModal = lazyComponent(() => import('./ui/image-modal'), 'ImageModal');
