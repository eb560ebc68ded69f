import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/accounts';

/** A password input with a show/hide button. */
export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation('accounts');
  const [shown, setShown] = useState(false);
  const label = shown ? t('login.hidePassword') : t('login.showPassword');
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={label}
                title={label}
                edge="end"
                onClick={() => setShown((value) => !value)}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
