export { VideoModal } from './ui/video-modal';
export type { VideoModalProps } from './ui/video-modal';
export { ImageModal } from './ui/image-modal';
export type { ImageModalProps } from './ui/image-modal';
