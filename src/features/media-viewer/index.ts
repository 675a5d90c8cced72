export { VideoModal } from './ui/video-modal';
export { ImageModal } from './ui/image-modal';
