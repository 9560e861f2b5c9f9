import { createApp } from 'vue';
import 'docent/element';
import App from './App.vue';

createApp(App).mount('#app');
