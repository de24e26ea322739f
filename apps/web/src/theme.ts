import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', siderBg: '#001529' },
    // Items whose screens have not landed yet stay readable while clearly inactive.
    Menu: { darkItemDisabledColor: 'rgba(255, 255, 255, 0.42)' },
  },
};
