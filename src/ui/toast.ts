// Every island must use this toast(): react-toastify keeps its queue in module state, and the
// container (Toasts.tsx) uses the unstyled build (the default build injects a <style> tag that
// the Content-Security-Policy blocks; its CSS is bundled as a file instead).
export { toast } from 'react-toastify/unstyled';
